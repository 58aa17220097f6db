import {
  type AuthenticationResultType,
  InitiateAuthCommand,
  ListUsersCommand,
  NotAuthorizedException,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { decomposeUnverifiedJwt } from 'aws-jwt-verify/jwt';
import { MESSAGES } from '../../../shared/errors';
import { SECOND_FACTOR_REQUIRED } from '../../../shared/schemas/second-factor';
import type { SignInAnswer } from '../../../shared/schemas/session';
import { apiClientIdOf, isApiClientIdentity } from '../api-tokens/api-client-identity';
import { apiTokenRepository, findApiClient } from '../api-tokens/api-token-repository';
import { HttpError, unauthorized, unprocessable } from '../http/errors';
import { tenantRepository } from '../tenants/tenant-repository';
import { userRepository } from '../users/user-repository';
import { type AuthContext, authContextFromClaims } from './auth-context';
import { cognito, userPoolClientId, userPoolId } from './cognito';
import {
  associateKey,
  completeSecondFactor,
  enableWithCode,
  passwordAnswer,
  type SecondFactorAnswer,
  secondFactorStatus,
  WrongSecondFactor,
} from './second-factor';
import { secondFactorRequiredOf } from './second-factor-policy';
import { underSignInBudget } from './sign-in-budget';
import { isIssuedBeforeSignOut } from './sign-out-everywhere';

/** The signed-in user as the console stores it (spec 001 section 3, Session user). */
export async function sessionUserFor(auth: AuthContext) {
  if (isApiClientIdentity(auth)) return credentialAsSessionUser(auth);
  const [user, tenant] = await Promise.all([
    userRepository.get(auth.tenant, auth.userId),
    tenantRepository.get(Number(auth.tenant.tenantId)),
  ]);
  if (!user?.active) throw unauthorized(MESSAGES.signInFailed);
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    email: user.email,
    roles: auth.roles,
    permissions: [...auth.permissions].sort(),
    active: user.active,
    tenant: tenantRef(tenant),
    // Only a client user's customer: the console subscribes to that customer's live channel.
    ...(auth.roles.includes('ROLE_CLIENT') && user.client_id !== undefined ? { client_id: user.client_id } : {}),
  };
}

const tenantRef = (tenant: Awaited<ReturnType<typeof tenantRepository.get>>) =>
  tenant && { id: tenant.id, subdomain: tenant.subdomain, company: tenant.company };

/**
 * An API credential has no user record (its token says user 0), so GET /api/me describes the credential: its
 * id and name, role, rights and tenant. A client checking its token there is told who it acts as, not 401.
 */
async function credentialAsSessionUser(auth: AuthContext) {
  const lookup = await findApiClient(apiClientIdOf(auth.username));
  const [credential, tenant] = await Promise.all([
    lookup && apiTokenRepository.get(auth.tenant, lookup.tokenId),
    tenantRepository.get(Number(auth.tenant.tenantId)),
  ]);
  if (!credential) throw unauthorized(MESSAGES.invalidToken);
  return {
    id: credential.id,
    name: credential.name,
    username: auth.username,
    email: '',
    roles: auth.roles,
    permissions: [...auth.permissions].sort(),
    active: true,
    tenant: tenantRef(tenant),
  };
}

/** The token comes straight from Cognito's answer to our own call, not from the request. */
async function authOfIdToken(idToken: string) {
  const claims = decomposeUnverifiedJwt(idToken).payload as Record<string, string>;
  return authContextFromClaims(claims, undefined);
}

/**
 * The session for Cognito's tokens. Signed in within the second the user's sessions were ended (right after a
 * password change), the ID token cannot be told from older ones and is refused: it is renewed with its refresh
 * token in the next second (at most ~1 s), so neither the password nor a one-time code is sent again.
 */
async function sessionOf(tokens: AuthenticationResultType, ip: string) {
  const refreshToken = tokens.RefreshToken;
  let idToken = tokens.IdToken;
  if (!idToken || !refreshToken) throw unauthorized(MESSAGES.signInFailed);
  let auth: AuthContext;
  try {
    auth = await authOfIdToken(idToken);
  } catch (error) {
    if (!isIssuedBeforeSignOut(error)) throw error;
    await nextSecond();
    idToken = (await refreshedTokens(refreshToken, ip)).idToken;
    auth = await authOfIdToken(idToken);
  }
  return { auth, session: { user: await sessionUserFor(auth), token: idToken, refresh_token: refreshToken } };
}

/** Token times are whole seconds: the start of the next one. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 5));

/** A new ID token for a refresh token (and the refresh token to keep: a new one where the client rotates them). */
async function refreshedTokens(refreshToken: string, ip: string) {
  const result = await cognito().send(
    new InitiateAuthCommand({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: userPoolClientId(),
      AuthParameters: { REFRESH_TOKEN: refreshToken },
      ...userContext(ip),
    }),
  );
  const idToken = result.AuthenticationResult?.IdToken;
  if (!idToken) throw unauthorized(MESSAGES.invalidToken);
  return { idToken, refreshToken: result.AuthenticationResult?.RefreshToken ?? refreshToken };
}

/** Sign-in accepts a username or an e-mail (spec 001 s.2); Cognito needs the username. */
async function resolveUsername(login: string): Promise<string | undefined> {
  if (!login.includes('@')) return login;
  const escaped = login.replace(/["\\]/g, '');
  const found = await cognito().send(
    new ListUsersCommand({ UserPoolId: userPoolId(), Filter: `email = "${escaped}"`, Limit: 1 }),
  );
  return found.Users?.[0]?.Username;
}

export const isWrongCredentials = (error: unknown) =>
  error instanceof NotAuthorizedException ||
  error instanceof UserNotFoundException ||
  (error instanceof Error &&
    /NotAuthorized|UserNotFound|UserNotConfirmed|PasswordResetRequired|InvalidPassword/.test(error.name));

/**
 * The caller's address for Cognito's threat protection, which would otherwise judge every sign-in by the Lambda's own
 * address (only used once the app client propagates it: docs/security.md "Guessing or spraying passwords at sign-in").
 */
export const userContext = (ip: string) => ({ UserContextData: { IpAddress: ip } });

/**
 * Whether this is the user's password (users changing their own password prove they know the current one).
 * A wrong one spends the account's sign-in budget, so a stolen session cannot guess the password here either.
 * The tokens Cognito answers are dropped; the password change that follows signs out everywhere anyway.
 */
export async function isCurrentPassword(username: string, password: string, ip: string): Promise<boolean> {
  try {
    await underSignInBudget(
      username,
      ip,
      () =>
        cognito().send(
          new InitiateAuthCommand({
            AuthFlow: 'USER_PASSWORD_AUTH',
            ClientId: userPoolClientId(),
            AuthParameters: { USERNAME: username, PASSWORD: password },
            ...userContext(ip),
          }),
        ),
      isWrongCredentials,
    );
    return true;
  } catch (error) {
    if (isWrongCredentials(error)) return false;
    throw error;
  }
}

/**
 * The password sign-in, and the second factor when the user has one or their role must: the session, the ask
 * for the app's code, or (a required factor not set up yet) a new key to set up, which the next sign-in with
 * the app's first code turns on. An ask means the password was right: the caller's budget is given back for it.
 */
async function passwordSession(
  username: string,
  password: string,
  ip: string,
  factor: SecondFactorAnswer,
): Promise<SignInAnswer> {
  const answer = await passwordAnswer(username, password, userContext(ip));
  if ('tokens' in answer) {
    const { auth, session } = await sessionOf(answer.tokens, ip);
    if (!(await secondFactorRequiredOf(auth.tenant, auth.roles))) return session;
    const accessToken = answer.tokens.AccessToken as string;
    if (!factor.code) {
      const label = { issuer: session.user.tenant?.company || username, account: session.user.email || username };
      return { second_factor: 'setup', ...(await associateKey(accessToken, label)) };
    }
    return { ...session, recovery_codes: await enableWithCode(username, accessToken, factor.code) };
  }
  const tokens = await completeSecondFactor(username, password, answer.session, factor, userContext(ip));
  return tokens ? (await sessionOf(tokens, ip)).session : { second_factor: 'code' };
}

/** Sign-in with the failure budgets of sign-in-budget.ts around Cognito's own check. */
/** `refused` hears of each wrong password given for an account that exists (the audit log keeps it). */
export async function signIn(
  login: string,
  password: string,
  ip: string,
  refused: (username: string) => Promise<void> = async () => undefined,
  factor: SecondFactorAnswer = {},
): Promise<SignInAnswer> {
  const username = await resolveUsername(login.trim());
  try {
    // Unknown logins spend the budget of their text and are refused exactly like accounts that exist, after
    // the same work: an e-mail no user has still goes to the user pool's password check (as a username no user
    // has, refused there), so the answer's time does not tell whether the address is someone's.
    return await underSignInBudget(
      username ?? login,
      ip,
      () => passwordSession(username ?? login, password, ip, factor),
      // A wrong code keeps the failure spent: guessing codes runs into the same lockout as guessing passwords.
      // Any other failure of ours must not count against the caller.
      (error) => isWrongCredentials(error) || error instanceof WrongSecondFactor || error instanceof HttpError,
    );
  } catch (error) {
    if (isWrongCredentials(error)) {
      if (username) await refused(username);
      throw unauthorized(MESSAGES.signInFailed);
    }
    if (username && error instanceof WrongSecondFactor) {
      await refused(username);
      throw unprocessable([{ propertyPath: error.field, message: error.message }]);
    }
    throw error;
  }
}

/** Refresh (spec 001 s.4): a new ID token for the refresh token; Cognito keeps the refresh token itself. */
export async function refresh(refreshToken: string, ip: string) {
  try {
    const renewed = await refreshedTokens(refreshToken, ip);
    const auth = await authOfIdToken(renewed.idToken);
    // A role that must use a second factor, and the user has none yet (the policy came after their sign-in):
    // no renewed session until a sign-in has set it up.
    if ((await secondFactorRequiredOf(auth.tenant, auth.roles)) && !(await secondFactorStatus(auth.username)).enabled)
      throw unauthorized(SECOND_FACTOR_REQUIRED);
    return {
      user: await sessionUserFor(auth),
      token: renewed.idToken,
      refresh_token: renewed.refreshToken,
    };
  } catch (error) {
    if (isWrongCredentials(error)) throw unauthorized(MESSAGES.invalidToken);
    throw error;
  }
}
