import { MESSAGES } from '../../../shared/errors';
import { tooManyRequests } from '../http/errors';
import { ipSubject } from '../security/client-ip';
import { SIGN_IN_FAILURES_PER_ACCOUNT, SIGN_IN_FAILURES_PER_IP } from '../security/limits';
import { giveBack, take, type WindowLimit } from '../security/rate-limit';

/**
 * The failure budgets of sign-in, per account and per client address (functions/lib/security/limits.ts).
 * Each attempt spends one failure up front and gives it back when it succeeds: counting afterwards would let
 * a hundred parallel guesses all start before the first failure is counted. A spent budget refuses every
 * attempt, the right password too, with the same 429 whether the account exists or not.
 */
interface SignInAttempt {
  /** Gives the spent failures back: the attempt did not fail (or failed on our side, not the caller's). */
  succeeded(): Promise<void>;
}

/**
 * Runs a check of what the caller claims to know (a password, a one-time code) under the budgets of `account`
 * and the caller's address: the failure stays spent when `isCallersFailure` says the caller got it wrong, and is
 * given back when the check passes or fails on our side.
 */
export async function underSignInBudget<T>(
  account: string,
  ip: string,
  check: () => Promise<T>,
  isCallersFailure: (error: unknown) => boolean,
): Promise<T> {
  const attempt = await startSignInAttempt(account, ip);
  try {
    const result = await check();
    await attempt.succeeded();
    return result;
  } catch (error) {
    if (!isCallersFailure(error)) await attempt.succeeded();
    throw error;
  }
}

async function startSignInAttempt(account: string, ip: string): Promise<SignInAttempt> {
  const spent: [WindowLimit, string][] = [
    [SIGN_IN_FAILURES_PER_IP, ipSubject(ip)],
    [SIGN_IN_FAILURES_PER_ACCOUNT, account.trim().toLowerCase()],
  ];
  const taken = await Promise.all(spent.map(([limit, subject]) => take(limit, subject)));
  const giveBackTaken = () =>
    Promise.all(spent.filter((_, i) => taken[i]?.ok).map(([limit, subject]) => giveBack(limit, subject)));
  const waits = taken.flatMap((result) => (result.ok ? [] : [result.retryAfterSeconds]));
  if (waits.length) {
    await giveBackTaken();
    throw tooManyRequests(Math.max(...waits), MESSAGES.signInLocked);
  }
  return {
    succeeded: async () => {
      await giveBackTaken();
    },
  };
}
