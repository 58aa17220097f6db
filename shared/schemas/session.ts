import { z } from 'zod';
import { PASSWORD_CLASSES, USER_POOL_SETTINGS } from '../user-pool';
import { EMAIL_REQUIRED, entityIdSchema, INVALID_EMAIL, requiredEmail, requiredText, tooLong } from './common';
import {
  READABLE_CODE_ALPHABET,
  recoveryCodeSchema,
  secondFactorChallengeSchema,
  secondFactorCodeSchema,
  secondFactorSetupChallengeSchema,
} from './second-factor';
import { tenantRefSchema } from './tenant';

/**
 * Marks refresh tokens that came from the single sign-on code flow. They are renewed at the same token endpoint
 * that issued them (grant_type=refresh_token), on AWS and locally alike; password sessions keep InitiateAuth. The
 * console reads it too: a session by single sign-on leaves the second factor to the identity provider.
 */
export const SSO_REFRESH_PREFIX = 'sso.';
export const isSsoRefreshToken = (token: string) => token.startsWith(SSO_REFRESH_PREFIX);

export const SIGN_IN_LOGIN_REQUIRED = 'Username or e-mail is required';
export const PASSWORD_REQUIRED = 'Password is required';
export const REFRESH_TOKEN_REQUIRED = 'The refresh token is required';
export const RESET_CODE_REQUIRED = 'The code is required';
/** Answers of the reset confirmation on the code field (the console translates them). */
export const RESET_CODE_WRONG = 'The code is not correct';
export const RESET_CODE_EXPIRED = 'The code has expired or was already used. Request a new code.';
export const RESET_TOO_MANY_ATTEMPTS = 'Too many wrong codes. Request a new code.';
/** 429 once an address has spent its guesses across codes: even the right code waits until the lock ends. */
export const RESET_LOCKED = 'Too many wrong codes for this address. Password reset is blocked for a few hours.';
export const RESET_CODE_FORMAT = 'The code has 10 letters and digits, as in the e-mail';

/**
 * Reset codes: 10 characters from 32 that cannot be mistaken for one another (no 0/O, 1/I), about 50 bits, so
 * the guess budget per address (functions/lib/security/limits.ts) makes guessing hopeless. The mail shows
 * them as two groups of five; spaces, dashes and lower case are forgiven.
 */
export const RESET_CODE_ALPHABET = READABLE_CODE_ALPHABET;
export const RESET_CODE_LENGTH = 10;
export const normalizeResetCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();
const resetCodeSchema = z
  .string({ error: RESET_CODE_REQUIRED })
  .overwrite(normalizeResetCode)
  .min(1, { error: RESET_CODE_REQUIRED, abort: true })
  .regex(new RegExp(`^[${RESET_CODE_ALPHABET}]{${RESET_CODE_LENGTH}}$`), { error: RESET_CODE_FORMAT });
/**
 * The user pool's password policy (shared/user-pool.ts, the one CDK and the local pool use): refusing here, with
 * a message per rule, beats Cognito's error text, and the console's forms show the same rules.
 */
export const PASSWORD_MIN_LENGTH = USER_POOL_SETTINGS.passwordPolicy.minLength;
export const PASSWORD_MAX_LENGTH = 256;
export const PASSWORD_TOO_SHORT = `The password must be at least ${PASSWORD_MIN_LENGTH} characters`;
export const PASSWORD_NEEDS_LOWERCASE = 'The password must contain a lowercase letter';
export const PASSWORD_NEEDS_UPPERCASE = 'The password must contain an uppercase letter';
export const PASSWORD_NEEDS_DIGIT = 'The password must contain a digit';
export const PASSWORD_NEEDS_SYMBOL = 'The password must contain a symbol, such as ! ? # - or _';

/** Passwords are never trimmed: spaces may be part of them. */
const passwordPresent = z
  .string({ error: PASSWORD_REQUIRED })
  .min(1, { error: PASSWORD_REQUIRED, abort: true })
  .max(PASSWORD_MAX_LENGTH, { error: tooLong(PASSWORD_MAX_LENGTH) });

/** A password being set (new user, reset, change); signing in accepts whatever was set before. */
export const newPasswordSchema = passwordPolicyRules().reduce(
  (schema, [required, test, error]) => (required ? schema.refine(test, { error }) : schema),
  passwordPresent.min(PASSWORD_MIN_LENGTH, { error: PASSWORD_TOO_SHORT }),
);

function passwordPolicyRules(): [boolean, (value: string) => boolean, string][] {
  const policy = USER_POOL_SETTINGS.passwordPolicy;
  return [
    [policy.requireLowercase, PASSWORD_CLASSES.lowercase, PASSWORD_NEEDS_LOWERCASE],
    [policy.requireUppercase, PASSWORD_CLASSES.uppercase, PASSWORD_NEEDS_UPPERCASE],
    [policy.requireDigits, PASSWORD_CLASSES.digit, PASSWORD_NEEDS_DIGIT],
    [policy.requireSymbols, PASSWORD_CLASSES.symbol, PASSWORD_NEEDS_SYMBOL],
  ];
}

/**
 * The field is named email but takes a username or an e-mail (spec 001 s.7), so it is not checked as one.
 * A user with a second factor sends the password again with the app's code (or a recovery code): Cognito's
 * challenge session is single-use, so every try starts from the password (functions/lib/auth/second-factor.ts).
 */
export const signInInputSchema = z.object({
  email: requiredText(SIGN_IN_LOGIN_REQUIRED, 254),
  password: passwordPresent,
  code: secondFactorCodeSchema.optional(),
  recovery_code: recoveryCodeSchema.optional(),
});
export type SignInInput = z.infer<typeof signInInputSchema>;
export const signInSchema = signInInputSchema;

export const verifyInputSchema = z.object({ refresh_token: requiredText(REFRESH_TOKEN_REQUIRED, 8192) });
export type VerifyInput = z.infer<typeof verifyInputSchema>;
export const verifySchema = verifyInputSchema;

/** `language` is the console's current language, for the mail text (otherwise Accept-Language, then en). */
export const resetPasswordInputSchema = z.object({
  email: requiredEmail(EMAIL_REQUIRED, INVALID_EMAIL),
  language: z.enum(['en', 'nl', 'de', 'fr']).optional().catch(undefined),
});
export type ResetPasswordInput = z.infer<typeof resetPasswordInputSchema>;

/** Second step of the reset: the code from the e-mail and the new password. */
export const resetPasswordConfirmInputSchema = z.object({
  email: requiredEmail(EMAIL_REQUIRED, INVALID_EMAIL),
  code: resetCodeSchema,
  password: newPasswordSchema,
});
export type ResetPasswordConfirmInput = z.infer<typeof resetPasswordConfirmInputSchema>;

/** GET /oauth: what the identity provider hands back to the single sign-on callback. */
/**
 * A random value the console keeps in the tab's sessionStorage when it starts single sign-on, and sends again
 * with the callback: a callback link made in someone else's browser (login CSRF) lacks it.
 */
const ssoBinding = z
  .string({ error: 'The browser binding is required' })
  .regex(/^[A-Za-z0-9_-]{22,128}$/, { error: 'The browser binding is required' });

/** GET /login/azure */
export const ssoStartQuerySchema = z.object({ binding: ssoBinding });

export const oauthCallbackQuerySchema = z.object({
  code: requiredText('The code is required', 4096),
  state: requiredText('The state is required', 4096),
  session_state: z.string().optional(),
  binding: ssoBinding,
});
export type OauthCallbackQuery = z.infer<typeof oauthCallbackQuerySchema>;

/** Role and permission names stay plain strings: the role matrix is per tenant and may hold renamed roles. */
export const sessionUserSchema = z.object({
  id: entityIdSchema,
  name: z.string().nullable(),
  username: z.string().nullable(),
  email: z.string(),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  active: z.boolean(),
  tenant: tenantRefSchema.nullish(),
  /**
   * A client user's customer (their user record's), for the console's live channel `/live/t<t>/c<id>`;
   * absent for everybody else. The server still decides what the user sees.
   */
  client_id: entityIdSchema.optional(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const tokenPairSchema = z.object({ token: z.string(), refresh_token: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

/** Answer of sign-in and of the single sign-on callback; verify answers a token pair, possibly with the user. */
export const signInResponseSchema = tokenPairSchema.extend({ user: sessionUserSchema });
export type SignInResponse = z.infer<typeof signInResponseSchema>;

/**
 * POST /user/sign-in: the session (with the recovery codes when this sign-in turned a second factor on), or the
 * ask for the app's code, or for the setup of one, when the password was right.
 */
export const signInAnswerSchema = z.union([
  signInResponseSchema.extend({ recovery_codes: z.array(z.string()).optional() }),
  secondFactorChallengeSchema,
  secondFactorSetupChallengeSchema,
]);
export type SignInAnswer = z.infer<typeof signInAnswerSchema>;

export const verifyResponseSchema = tokenPairSchema.extend({ user: sessionUserSchema.optional() });
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;
