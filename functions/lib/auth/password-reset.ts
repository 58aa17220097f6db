import { AdminSetUserPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { PIPELINE_DETAIL_TYPES } from '../../../shared/pipeline-events';
import {
  RESET_CODE_EXPIRED,
  RESET_CODE_WRONG,
  RESET_LOCKED,
  RESET_TOO_MANY_ATTEMPTS,
} from '../../../shared/schemas/session';
import { queueDomainEvents } from '../events/domain-events';
import { tooManyRequests, unprocessable } from '../http/errors';
import type { MailLanguage } from '../mail/mail-language';
import { RESET_GUESSES_PER_ACCOUNT, RESET_LOCK, RESET_REQUESTS_PER_ADDRESS } from '../security/limits';
import { enforce, lock, lockedFor, take } from '../security/rate-limit';
import { cognito, userPoolId } from './cognito';
import { cognitoClientError } from './cognito-errors';
import {
  codeMatches,
  consume,
  countAttempt,
  normalizedEmail,
  RESET_MAX_ATTEMPTS,
  readPending,
  restore,
} from './reset-code';
import { signOutEverywhere } from './sign-out-everywhere';
import { findUserByEmail } from './user-by-email';

const codeViolation = (message: string) => unprocessable([{ propertyPath: 'code', message }]);

/**
 * Step 1: a code by e-mail, valid 15 minutes; a new request replaces an older code. Every address is treated
 * alike, with or without an account: the same answer, the same limits, and the same work before the answer (the
 * limit, the lock, one event on the bus), so neither this answer, nor its time, nor the confirmation's answer tells
 * who has an account. The reset mailer makes the code, stores it for every address and mails only an account's
 * owner, after the answer (reset-mailing.ts). While the address is locked no code is made: it could not be used.
 */
export async function requestPasswordReset(email: string, language: MailLanguage): Promise<void> {
  const address = normalizedEmail(email);
  await enforce(RESET_REQUESTS_PER_ADDRESS, address);
  if (await lockedFor(RESET_LOCK, address)) return;
  // The detail the mailer reads by its schema (reset-mailing.ts passwordResetRequestedSchema).
  const detail = { email, language };
  queueDomainEvents([
    { detailType: PIPELINE_DETAIL_TYPES.passwordResetRequested, detail, at: new Date().toISOString() },
  ]);
}

/**
 * Spends one guess of the address's budget, which survives new codes (requesting a code gives no new
 * guesses). Spent before the code is compared, so parallel guesses are counted too. Once the budget is
 * gone, the address is locked for hours.
 */
async function spendGuess(address: string): Promise<void> {
  if ((await take(RESET_GUESSES_PER_ACCOUNT, address)).ok) return;
  await lock(RESET_LOCK, address);
  throw tooManyRequests((await lockedFor(RESET_LOCK, address)) ?? RESET_LOCK.seconds, RESET_LOCKED);
}

/** Step 2: the code from the mail and the new password (permanent, so no change is forced at sign-in). */
export async function confirmPasswordReset(email: string, code: string, password: string): Promise<void> {
  const address = normalizedEmail(email);
  // A locked address refuses even the right code: a lock that let the right guess through would confirm it.
  const locked = await lockedFor(RESET_LOCK, address);
  if (locked) throw tooManyRequests(locked, RESET_LOCKED);
  const pending = await readPending(email);
  if (!pending) throw codeViolation(RESET_CODE_EXPIRED);
  await spendGuess(address);
  if (!(await countAttempt(email))) throw codeViolation(RESET_TOO_MANY_ATTEMPTS);
  if (!codeMatches(pending, code)) {
    throw codeViolation(pending.attempts + 1 >= RESET_MAX_ATTEMPTS ? RESET_TOO_MANY_ATTEMPTS : RESET_CODE_WRONG);
  }
  const user = await findUserByEmail(email);
  if (!user?.enabled || !(await consume(pending))) throw codeViolation(RESET_CODE_EXPIRED);
  try {
    await cognito().send(
      new AdminSetUserPasswordCommand({
        UserPoolId: userPoolId(),
        Username: user.username,
        Password: password,
        Permanent: true,
      }),
    );
  } catch (error) {
    const refused = cognitoClientError(error);
    if (refused?.status !== 422) throw refused ?? error;
    // The password policy refused it: give the code back so the user can try another password.
    await restore(pending);
    throw refused;
  }
  // Signs out everywhere (whoever had the old password loses every session with it)
  await signOutEverywhere({ username: user.username });
}
