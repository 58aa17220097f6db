import { z } from 'zod';
import { MAIL_LANGUAGES } from '../mail/mail-language';
import { passwordResetMail } from '../mail/password-reset-mail';
import { MailNotSent, mailLog, sendMail } from '../mail/send-mail';
import { newResetCode, RESET_CODE_MINUTES, storeResetCode } from './reset-code';
import { findUserByEmail } from './user-by-email';

/**
 * The `PasswordResetRequested` detail (shared/pipeline-events.ts): the address as it was typed (the mail goes to
 * it) and the reader's language. No code: the mailer makes it, so no code ever travels on the bus.
 */
export const passwordResetRequestedSchema = z.object({
  email: z.string().min(1).max(320),
  language: z.enum(MAIL_LANGUAGES),
});
export type PasswordResetRequested = z.infer<typeof passwordResetRequestedSchema>;

/**
 * After the answer (the reset mailer, on the bus): a code for the address, stored whether or not an account has
 * it (the confirmation then answers every address alike), and mailed to an enabled account's owner only. A new
 * request replaces an older code. A refused mail leaves the stored code unused (it expires; a new request
 * replaces it); any other failure throws, and the bus's retries run the whole step again.
 */
export async function issueResetCode({ email, language }: PasswordResetRequested): Promise<void> {
  const user = await findUserByEmail(email);
  const { code, shown } = newResetCode();
  await storeResetCode(email, code);
  if (!user?.enabled) return;
  try {
    await sendMail(passwordResetMail(email.trim(), shown, RESET_CODE_MINUTES, language));
  } catch (error) {
    if (!(error instanceof MailNotSent)) throw error;
    mailLog.warn('password reset code not mailed', { reason: error.reason });
  }
}
