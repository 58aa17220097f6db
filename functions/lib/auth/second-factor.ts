import {
  AdminGetUserCommand,
  AdminSetUserMFAPreferenceCommand,
  AssociateSoftwareTokenCommand,
  type AuthenticationResultType,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  RECOVERY_CODE_WRONG,
  SECOND_FACTOR_ALREADY_ON,
  SECOND_FACTOR_CODE_WRONG,
  SECOND_FACTOR_NOT_ON,
  SECOND_FACTOR_NOT_STARTED,
  type SecondFactorSetup,
  type SecondFactorStatus,
} from '../../../shared/schemas/second-factor';
import { unprocessable } from '../http/errors';
import { cognito, userPoolClientId, userPoolId } from './cognito';
import { issueRecoveryCodes, recoveryCodesLeft, removeRecoveryCodes, spendRecoveryCode } from './recovery-codes';

/**
 * The second factor is Cognito's software-token MFA (TOTP), in a pool whose MFA is optional (shared/user-pool.ts):
 * Cognito keeps the key and checks every code; this module walks its calls. The console never holds a Cognito
 * access token (the API takes ID tokens only), so each step that needs one signs in with the password again and
 * uses that sign-in's access token at once: setup, confirmation and the sign-in's code all start from the
 * password, which also fits Cognito's challenge sessions (single use: a wrong code ends one).
 */

/** The answer of a password sign-in: tokens, or Cognito's ask for the code with its session. */
export type PasswordAnswer =
  | { tokens: AuthenticationResultType }
  | { challenge: 'SOFTWARE_TOKEN_MFA'; session: string };

/** What the caller sent besides the password. */
export interface SecondFactorAnswer {
  code?: string;
  recovery_code?: string;
}

/** A code or recovery code that is wrong: it counts against the sign-in budget like a wrong password. */
export class WrongSecondFactor extends Error {
  constructor(readonly field: 'code' | 'recovery_code') {
    super(field === 'code' ? SECOND_FACTOR_CODE_WRONG : RECOVERY_CODE_WRONG);
  }
}

export async function passwordAnswer(username: string, password: string, context: object): Promise<PasswordAnswer> {
  const result = await cognito().send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: userPoolClientId(),
      AuthParameters: { USERNAME: username, PASSWORD: password },
      ...context,
    }),
  );
  if (result.ChallengeName === 'SOFTWARE_TOKEN_MFA' && result.Session)
    return { challenge: 'SOFTWARE_TOKEN_MFA', session: result.Session };
  if (result.AuthenticationResult?.IdToken) return { tokens: result.AuthenticationResult };
  throw new Error(`Cognito answered the sign-in with ${result.ChallengeName ?? 'no tokens'}`);
}

const isCodeMismatch = (error: unknown) =>
  error instanceof Error && /CodeMismatch|EnableSoftwareTokenMFA|ExpiredCode/.test(error.name);

/**
 * The second step of a sign-in Cognito asked a code for: the app's code answers the challenge; a recovery code
 * (spent once) lets the password sign in alone this once.
 * Undefined: neither was sent, the console is to ask for the code.
 */
export async function completeSecondFactor(
  username: string,
  password: string,
  session: string,
  answer: SecondFactorAnswer,
  context: object,
): Promise<AuthenticationResultType | undefined> {
  if (answer.code) {
    try {
      const result = await cognito().send(
        new RespondToAuthChallengeCommand({
          ClientId: userPoolClientId(),
          ChallengeName: 'SOFTWARE_TOKEN_MFA',
          Session: session,
          ChallengeResponses: { USERNAME: username, SOFTWARE_TOKEN_MFA_CODE: answer.code },
          ...context,
        }),
      );
      if (!result.AuthenticationResult?.IdToken) throw new Error('Cognito answered the code with no tokens');
      return result.AuthenticationResult;
    } catch (error) {
      if (isCodeMismatch(error)) throw new WrongSecondFactor('code');
      throw error;
    }
  }
  if (answer.recovery_code) {
    if (!(await spendRecoveryCode(username, answer.recovery_code))) throw new WrongSecondFactor('recovery_code');
    // Cognito signs in without the app's code only while the factor is off: off for this one sign-in, then on
    // again with the same key (the user keeps the app and the other codes).
    await setSecondFactor(username, false);
    try {
      const again = await passwordAnswer(username, password, context);
      if ('tokens' in again) return again.tokens;
      throw new Error('Cognito still asks a code after the second factor was turned off');
    } finally {
      await setSecondFactor(username, true);
    }
  }
  return undefined;
}

export async function secondFactorStatus(username: string): Promise<SecondFactorStatus> {
  const user = await cognito().send(new AdminGetUserCommand({ UserPoolId: userPoolId(), Username: username }));
  const enabled = (user.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA');
  return { enabled, recovery_codes_left: enabled ? await recoveryCodesLeft(username) : 0 };
}

/** An access token of the user's own, from a password sign-in of a user without a factor yet. */
async function accessTokenFor(username: string, password: string, context: object): Promise<string> {
  const answer = await passwordAnswer(username, password, context);
  if (!('tokens' in answer)) throw unprocessable([{ propertyPath: 'code', message: SECOND_FACTOR_ALREADY_ON }]);
  return answer.tokens.AccessToken as string;
}

/**
 * The key-uri format authenticator apps scan; the app lists the key under the issuer (the tenant's company, so
 * that a person with accounts at two companies tells them apart) and the account.
 */
export const otpauthUri = (issuerName: string, account: string, secret: string) => {
  const issuer = encodeURIComponent(issuerName);
  return `otpauth://totp/${issuer}:${encodeURIComponent(account)}?secret=${secret}&issuer=${issuer}&algorithm=SHA1&digits=6&period=30`;
};

/** How the key is listed in the app: under the tenant's company, as the user's e-mail or username. */
export interface KeyLabel {
  issuer: string;
  account: string;
}

/** Step one of setup: Cognito makes a new key for the token's user; the console shows it as a QR code. */
export async function associateKey(accessToken: string, label: KeyLabel): Promise<SecondFactorSetup> {
  const associated = await cognito().send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
  const secret = associated.SecretCode as string;
  return { secret, otpauth_uri: otpauthUri(label.issuer, label.account, secret) };
}

/** Step two: the app's first code proves it holds the key; the factor is on and fresh recovery codes issued. */
export async function enableWithCode(username: string, accessToken: string, code: string): Promise<string[]> {
  try {
    const verified = await cognito().send(
      new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: code, FriendlyDeviceName: 'Authenticator' }),
    );
    if (verified.Status !== 'SUCCESS') throw new WrongSecondFactor('code');
  } catch (error) {
    if (error instanceof Error && /InvalidParameter/.test(error.name))
      throw unprocessable([{ propertyPath: 'code', message: SECOND_FACTOR_NOT_STARTED }]);
    if (isCodeMismatch(error)) throw new WrongSecondFactor('code');
    throw error;
  }
  await cognito().send(
    new SetUserMFAPreferenceCommand({
      AccessToken: accessToken,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    }),
  );
  return issueRecoveryCodes(username);
}

/** Setup from Preferences, each step signing in with the password again for the access token it needs. */
export async function startSecondFactorSetup(username: string, label: KeyLabel, password: string, context: object) {
  return associateKey(await accessTokenFor(username, password, context), label);
}

export async function confirmSecondFactor(username: string, password: string, code: string, context: object) {
  return enableWithCode(username, await accessTokenFor(username, password, context), code);
}

const setSecondFactor = (username: string, on: boolean) =>
  cognito().send(
    new AdminSetUserMFAPreferenceCommand({
      UserPoolId: userPoolId(),
      Username: username,
      SoftwareTokenMfaSettings: { Enabled: on, PreferredMfa: on },
    }),
  );

/**
 * The user turns their own factor off, proving the password and the app's code (or spending a recovery code):
 * Cognito's own check of both, as at sign-in, then off with the recovery codes.
 */
export async function turnOffWithProof(username: string, password: string, proof: SecondFactorAnswer, context: object) {
  const answer = await passwordAnswer(username, password, context);
  if ('tokens' in answer) throw unprocessable([{ propertyPath: 'code', message: SECOND_FACTOR_NOT_ON }]);
  if (!(await completeSecondFactor(username, password, answer.session, proof, context)))
    throw new WrongSecondFactor('code');
  await turnOffSecondFactor(username);
}

/** Off for good, with its recovery codes: an administrator's reset of a lost device, or the user's own. */
export async function turnOffSecondFactor(username: string): Promise<void> {
  await setSecondFactor(username, false);
  await removeRecoveryCodes(username);
}
