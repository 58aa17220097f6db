/**
 * The Subject SNS Publish accepts (PublishRequest reference: "UTF-8 text with no line breaks or control
 * characters, and less than 100 characters long"; older revisions add "must begin with a letter, number or
 * punctuation mark"). Anything else is refused with 400 InvalidParameter "Invalid parameter: Subject" and no
 * message is sent, so the stand-in refuses it the same way: a subject the product fails to clean fails here too.
 */
const SUBJECT_LIMIT = 100;

export function isValidSnsSubject(subject: string): boolean {
  const characters = Array.from(subject);
  if (characters.length === 0 || characters.length >= SUBJECT_LIMIT) return false;
  if (/[\p{Cc}\u2028\u2029]/u.test(subject)) return false;
  return /^[\p{L}\p{N}\p{P}]/u.test(subject);
}
