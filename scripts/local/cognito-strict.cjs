/**
 * cognito-local, started with the few operations it lacks or does more kindly than AWS (a local stand-in must never be
 * kinder than AWS; docs/security.md "Keeping a session after deactivation, a password change or sign-out"). Run by
 * startCognito in scripts/local/services.ts in place of cognito-local's own bin; everything else is cognito-local
 * unchanged.
 *
 *  - AdminUserGlobalSignOut (missing): revokes every refresh token of the user, as AWS does. cognito-local keeps
 *    a user's refresh tokens on the user record (RefreshTokens, see its RevokeToken and REFRESH_TOKEN_AUTH), so
 *    emptying that list is exactly "no refresh token of this user works any more". Access tokens are not
 *    tracked by cognito-local; the API never accepts them anyway (ID tokens only).
 *    The time is also written to global-sign-outs.json in the working directory (the stack's cognito data
 *    folder), where the SSO stand-in (scripts/local/sso-provider.ts, the same Cognito's hosted UI) reads it to
 *    end that user's SSO refresh tokens too, as AWS's global sign-out does.
 *  - InitiateAuth (kinder): cognito-local signs in and refreshes a disabled user; AWS answers
 *    NotAuthorizedException "User is disabled.".
 *  - The pool's settings (kinder: cognito-local stores them but ignores them; the bootstrap creates the pool from
 *    shared/user-pool.ts, as CDK does): with e-mail as an alias, AdminCreateUser refuses an e-mail-shaped username
 *    (InvalidParameterException) and a verified e-mail another user already has (AliasExistsException, also on
 *    AdminUpdateUserAttributes); every password set is held to the pool's password policy
 *    (InvalidPasswordException), as Cognito does. See docs/aws-parity.md.
 *
 *  - AdminSetUserMFAPreference (missing): an administrator turns a user's second factor on or off, as AWS does
 *    (the console's "reset a lost authenticator").
 *  - RespondToAuthChallenge (kinder): cognito-local accepts any Session string. AWS accepts only the session its
 *    InitiateAuth answered, for that user, for three minutes, once: a wrong code ends it and the sign-in starts
 *    again with the password. The sessions handed out are remembered here and checked so. Nor does AWS take a
 *    code a second time (a code seen over someone's shoulder is spent): a used code is refused for as long as
 *    it would otherwise still be valid. And cognito-local forgets the refresh token of the tokens it answers a
 *    challenge with (stricter than AWS: a session signed in with a second factor could never be renewed);
 *    it is kept on the user record here, as InitiateAuth's are.
 *
 * Plain CommonJS (no tsx) so that it starts as fast as cognito-local's own bin. It patches the Targets table
 * that cognito-local's Router reads; the table is a plain object, so this relies on no private behaviour beyond
 * the target names and the user record's RefreshTokens/Enabled fields (pinned by package-lock).
 */
const { mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { Targets } = require('cognito-local/lib/targets/targets');
const {
  CodeMismatchError,
  CognitoError,
  InvalidParameterError,
  NotAuthorizedError,
  UserNotFoundError,
} = require('cognito-local/lib/errors');
const { passwordPolicyError, emailAliasError } = require('./cognito-pool-rules.cjs');

const SIGN_OUTS_FILE = path.join(process.cwd(), 'global-sign-outs.json');

/** username -> epoch seconds of the last global sign-out (read by the SSO stand-in). */
function recordGlobalSignOut(username) {
  let times = {};
  try {
    times = JSON.parse(readFileSync(SIGN_OUTS_FILE, 'utf8'));
  } catch {
    // first sign-out of this stack
  }
  times[username] = Math.floor(Date.now() / 1000);
  mkdirSync(path.dirname(SIGN_OUTS_FILE), { recursive: true });
  writeFileSync(SIGN_OUTS_FILE, JSON.stringify(times));
}

Targets.AdminUserGlobalSignOut =
  ({ cognito, clock }) =>
  async (ctx, req) => {
    const userPool = await cognito.getUserPool(ctx, req.UserPoolId);
    const user = await userPool.getUserByUsername(ctx, req.Username);
    if (!user) throw new UserNotFoundError();
    await userPool.saveUser(ctx, { ...user, RefreshTokens: [], UserLastModifiedDate: clock.get() });
    recordGlobalSignOut(req.Username);
    return {};
  };

const initiateAuth = Targets.InitiateAuth;
Targets.InitiateAuth = (services) => {
  const original = initiateAuth(services);
  return async (ctx, req) => {
    const userPool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
    const params = req.AuthParameters ?? {};
    const isRefresh = req.AuthFlow === 'REFRESH_TOKEN_AUTH' || req.AuthFlow === 'REFRESH_TOKEN';
    const user = isRefresh
      ? params.REFRESH_TOKEN && (await userPool.getUserByRefreshToken(ctx, params.REFRESH_TOKEN))
      : params.USERNAME && (await userPool.getUserByUsername(ctx, params.USERNAME));
    if (user && user.Enabled === false) throw new NotAuthorizedError('User is disabled.');
    const answer = await original(ctx, req);
    if (answer?.Session && user) challengeSessions.set(answer.Session, { username: user.Username, issued: Date.now() });
    return answer;
  };
};

const respondToAuthChallenge = Targets.RespondToAuthChallenge;
Targets.RespondToAuthChallenge = (services) => {
  const original = respondToAuthChallenge(services);
  return async (ctx, req) => {
    const known = req.Session && challengeSessions.get(req.Session);
    // Used once, whatever the answer: a wrong code ends the session as on AWS.
    if (known) challengeSessions.delete(req.Session);
    const username = String(req.ChallengeResponses?.USERNAME ?? '').toLowerCase();
    if (!known || known.username.toLowerCase() !== username || Date.now() - known.issued > CHALLENGE_SESSION_MS)
      throw new NotAuthorizedError('Invalid session for the user, session is expired.');
    const code = req.ChallengeResponses?.SOFTWARE_TOKEN_MFA_CODE;
    const key = `${username}:${code}`;
    if (req.ChallengeName === 'SOFTWARE_TOKEN_MFA' && code) refuseUsedCode(key);
    const answer = await original(ctx, req);
    if (req.ChallengeName === 'SOFTWARE_TOKEN_MFA' && code) usedCodes.set(key, Date.now());
    await keepRefreshToken(services, ctx, req.ClientId, known.username, answer);
    return answer;
  };
};

/**
 * cognito-local keeps the refresh tokens of InitiateAuth only, so one from a challenge's answer (a sign-in with
 * a second factor) could never be used; on AWS it renews the session like any other.
 */
async function keepRefreshToken(services, ctx, clientId, username, answer) {
  const refreshToken = answer?.AuthenticationResult?.RefreshToken;
  if (!refreshToken) return;
  const userPool = await services.cognito.getUserPoolForClientId(ctx, clientId);
  const user = await userPool.getUserByUsername(ctx, username);
  if (user) await userPool.storeRefreshToken(ctx, refreshToken, user);
}

Targets.AdminSetUserMFAPreference =
  ({ cognito, clock }) =>
  async (ctx, req) => {
    const userPool = await cognito.getUserPool(ctx, req.UserPoolId);
    const user = await userPool.getUserByUsername(ctx, req.Username);
    if (!user) throw new UserNotFoundError();
    const software = req.SoftwareTokenMfaSettings;
    if (software?.Enabled && !user.SoftwareTokenMfaConfiguration?.Verified)
      throw new InvalidParameterError('User has not verified software token mfa');
    const methods = new Set(user.UserMFASettingList ?? []);
    if (software?.Enabled) methods.add('SOFTWARE_TOKEN_MFA');
    if (software && !software.Enabled) methods.delete('SOFTWARE_TOKEN_MFA');
    const preferred = software?.Enabled && software.PreferredMfa ? 'SOFTWARE_TOKEN_MFA' : undefined;
    await userPool.saveUser(ctx, {
      ...user,
      UserMFASettingList: [...methods],
      PreferredMfaSetting: methods.has(user.PreferredMfaSetting) ? user.PreferredMfaSetting : preferred,
      UserLastModifiedDate: clock.get(),
    });
    return {};
  };

/** Challenge sessions InitiateAuth answered: session -> { username, issued (ms) }. AWS keeps them three minutes. */
const CHALLENGE_SESSION_MS = 3 * 60 * 1000;
const challengeSessions = new Map();
/** `${username}:${code}` -> when it was used; a TOTP code is valid for its 30 s step and one either side. */
const CODE_VALID_MS = 90 * 1000;
const usedCodes = new Map();

function refuseUsedCode(key) {
  const now = Date.now();
  for (const [old, used] of usedCodes) if (now - used > CODE_VALID_MS) usedCodes.delete(old);
  if (usedCodes.has(key)) throw new CodeMismatchError();
}

/** Wraps a target: `check(services, ctx, req)` runs first and may throw as Cognito would. */
function guard(name, check) {
  const target = Targets[name];
  Targets[name] = (services) => {
    const original = target(services);
    return async (ctx, req) => {
      await check(services, ctx, req);
      return original(ctx, req);
    };
  };
}

const poolOf = (services, ctx, req) => services.cognito.getUserPool(ctx, req.UserPoolId);
const refuse = (found) => {
  if (!found) return;
  if (found.code === 'InvalidParameterException') throw new InvalidParameterError(found.message);
  throw new CognitoError(found.code, found.message);
};

guard('AdminCreateUser', async (services, ctx, req) => {
  const pool = await poolOf(services, ctx, req);
  const users = await pool.listUsers(ctx);
  refuse(emailAliasError(pool.options, users, req.Username, req.UserAttributes ?? []));
  if (req.TemporaryPassword) refuse(passwordPolicyError(pool.options, req.TemporaryPassword));
});
guard('AdminUpdateUserAttributes', async (services, ctx, req) => {
  const pool = await poolOf(services, ctx, req);
  const users = await pool.listUsers(ctx);
  refuse(emailAliasError(pool.options, users, req.Username, req.UserAttributes ?? [], true));
});
guard('AdminSetUserPassword', async (services, ctx, req) => {
  refuse(passwordPolicyError((await poolOf(services, ctx, req)).options, req.Password));
});
guard('ConfirmForgotPassword', async (services, ctx, req) => {
  const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
  refuse(passwordPolicyError(pool.options, req.Password));
});

require('cognito-local/lib/bin/start');
