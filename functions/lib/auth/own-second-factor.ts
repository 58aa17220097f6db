import type { RecoveryCodes, SecondFactorSetup, SecondFactorStatus } from '../../../shared/schemas/second-factor';
import { isApiClientIdentity } from '../api-tokens/api-client-identity';
import { forbidden, unprocessable } from '../http/errors';
import { MESSAGES_USERS } from '../users/user-policy';
import type { AuthContext } from './auth-context';
import {
  confirmSecondFactor,
  type KeyLabel,
  type SecondFactorAnswer,
  secondFactorStatus,
  startSecondFactorSetup,
  turnOffWithProof,
  WrongSecondFactor,
} from './second-factor';
import { isWrongCredentials, userContext } from './session';
import { underSignInBudget } from './sign-in-budget';

/**
 * The signed-in user's own second factor (Preferences). Setup asks the password again, under the sign-in
 * budget: a stolen session can neither add its own authenticator nor guess the password or codes here.
 */
function ownUsername(auth: AuthContext): string {
  // An API credential is not a person with a password: nothing to set up.
  if (isApiClientIdentity(auth)) throw forbidden();
  return auth.username;
}

/** A wrong password or code keeps its failure spent and answers on its field. */
async function ownFactorCheck<T>(username: string, ip: string, check: () => Promise<T>): Promise<T> {
  try {
    return await underSignInBudget(username, ip, check, isWrongPasswordOrCode);
  } catch (error) {
    if (isWrongCredentials(error))
      throw unprocessable([{ propertyPath: 'password', message: MESSAGES_USERS.currentPasswordWrong }]);
    if (error instanceof WrongSecondFactor)
      throw unprocessable([{ propertyPath: error.field, message: error.message }]);
    throw error;
  }
}

const isWrongPasswordOrCode = (error: unknown) => isWrongCredentials(error) || error instanceof WrongSecondFactor;

/** An API credential has none, and can set none up (it signs in with its client secret, not a password). */
export const ownSecondFactor = async (auth: AuthContext): Promise<SecondFactorStatus> =>
  isApiClientIdentity(auth) ? { enabled: false, recovery_codes_left: 0 } : secondFactorStatus(auth.username);

export function startOwnSecondFactor(
  auth: AuthContext,
  shownAs: KeyLabel,
  password: string,
  ip: string,
): Promise<SecondFactorSetup> {
  const username = ownUsername(auth);
  return ownFactorCheck(username, ip, () => startSecondFactorSetup(username, shownAs, password, userContext(ip)));
}

export async function confirmOwnSecondFactor(
  auth: AuthContext,
  password: string,
  code: string,
  ip: string,
): Promise<RecoveryCodes> {
  const username = ownUsername(auth);
  const codes = await ownFactorCheck(username, ip, () =>
    confirmSecondFactor(username, password, code, userContext(ip)),
  );
  return { recovery_codes: codes };
}

/** Off, on the password and the app's code or a recovery code; the same budgets as sign-in count wrong tries. */
export function turnOffOwnSecondFactor(auth: AuthContext, password: string, proof: SecondFactorAnswer, ip: string) {
  const username = ownUsername(auth);
  return ownFactorCheck(username, ip, () => turnOffWithProof(username, password, proof, userContext(ip)));
}
