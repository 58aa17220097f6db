import { readStack } from './stack';
import { waitUntil } from './wait';

/** A message as the local SMTP catcher (maildev) reports it on its web API. */
export interface CaughtMail {
  id: string;
  subject: string;
  text: string;
  html: string;
  to: { address: string; name?: string }[];
  from: { address: string; name?: string }[];
}

const mailApi = (path: string) => `http://127.0.0.1:${readStack().ports.MAIL_WEB_PORT}${path}`;

/**
 * Every caught message sent to this address, oldest first. maildev filters on its side (`to.address`, exact):
 * the whole inbox of a run is thousands of mails, and serialising all of them at every look of every wait took
 * the stack's thread from the requests under test.
 */
export async function mailsTo(address: string): Promise<CaughtMail[]> {
  const wanted = address.toLowerCase();
  const answer = await fetch(mailApi(`/email?${new URLSearchParams({ 'to.address': wanted })}`));
  return (await answer.json()) as CaughtMail[];
}

/** The subjects of an inbox, for a timeout's message. */
const subjectsOf = (mails: CaughtMail[]) =>
  `${mails.length} mail(s): ${JSON.stringify(mails.map((mail) => mail.subject))}`;

/**
 * Returns once the reset mailer has run for every password reset request answered so far: it stores the code
 * (and mails an account) after the answer (functions/workers/reset-mailer.ts), and the local bus answers its
 * deliveries only after what was put before has run. A test that confirms a code it did not wait a mail for, or
 * proves that no mail came, waits for this first.
 */
export async function resetMailerCaughtUp(): Promise<void> {
  const url = `http://127.0.0.1:${readStack().ports.EVENTBRIDGE_PORT}/_local/deliveries?rule=PasswordResetRequestedToResetMailer`;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The local bus answered ${response.status} for its deliveries`);
}

/** Waits for the n-th message to this address (1-based), as mail delivery is asynchronous. */
export async function waitForMail(address: string, count = 1, timeoutMs = 10_000): Promise<CaughtMail> {
  const mails = await waitUntil(
    `mail #${count} to ${address}`,
    () => mailsTo(address),
    (inbox) => inbox.length >= count,
    { timeoutMs, describe: subjectsOf },
  );
  return mails[count - 1] as CaughtMail;
}

/** Waits for a message to this address that `matches` (an inbox other tests also write to). */
export async function waitForMailMatching(
  address: string,
  matches: (mail: CaughtMail) => boolean,
  timeoutMs = 10_000,
): Promise<CaughtMail> {
  const mails = await waitUntil(
    `a mail to ${address} that ${matches.toString().slice(0, 160)}`,
    () => mailsTo(address),
    (inbox) => inbox.some(matches),
    { timeoutMs, describe: subjectsOf },
  );
  return mails.find(matches) as CaughtMail;
}

/** The password-reset code in a reset mail's text: two groups of five, e.g. "ABCDE-FGH23" (reset-code.ts). */
export function resetCodeIn(text: string): string {
  const code = /\b([A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5})\b/.exec(text)?.[1];
  if (!code) throw new Error(`No reset code in the mail: ${text}`);
  return code;
}

/** A well-formed code that is not `code`: what a guesser sends. */
export const wrongCodeFor = (code: string) => (code.startsWith('AAAAA') ? 'BBBBB-BBBBB' : 'AAAAA-AAAAA');
