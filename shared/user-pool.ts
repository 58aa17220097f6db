/**
 * The user pool's settings, defined once: the CDK auth stack (infra/stacks/auth-stack.ts) deploys them, the local
 * bootstrap (scripts/local/bootstrap.ts) creates the local pool with them, the strict Cognito stand-in
 * (scripts/local/cognito-strict.cjs) enforces them as AWS does, and the password schema
 * (shared/schemas/session.ts) states the same policy so forms and the API refuse what Cognito would refuse.
 * Aliases and case sensitivity cannot be changed on a deployed pool: change them only with a new pool.
 */
export const USER_POOL_SETTINGS = {
  /** Sign-in by username or e-mail: e-mail is an alias, so no username may have the shape of an e-mail. */
  signInAliases: { username: true, email: true },
  signInCaseSensitive: false,
  /**
   * A second factor (TOTP, Cognito's software token) that each user may turn on; the product decides who must
   * (functions/lib/auth/second-factor.ts). No SMS: no phone numbers are kept.
   */
  mfa: 'OPTIONAL',
  passwordPolicy: {
    minLength: 12,
    requireLowercase: true,
    requireUppercase: true,
    requireDigits: true,
    requireSymbols: true,
    tempPasswordValidityDays: 7,
  },
} as const;

/** Characters Cognito counts as symbols (Cognito developer guide, "Password policies"); a space counts too. */
export const COGNITO_PASSWORD_SYMBOLS = '^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+- ';

/** What the password policy asks, each as a test, in the order Cognito reports them. */
export const PASSWORD_CLASSES = {
  lowercase: (value: string) => /[a-z]/.test(value),
  uppercase: (value: string) => /[A-Z]/.test(value),
  digit: (value: string) => /[0-9]/.test(value),
  symbol: (value: string) => [...value.trim()].some((char) => COGNITO_PASSWORD_SYMBOLS.includes(char)),
} as const;

/**
 * Cognito refuses a username that looks like an e-mail when e-mail is an alias ("Username cannot be of email
 * format, since user pool is configured for email alias."). Anything with an @ between two non-empty parts is
 * treated as such here: stricter than guessing Cognito's exact pattern is safe, kinder is not.
 */
export const looksLikeEmail = (value: string) => /^[^@\s]+@[^@\s]+$/.test(value.trim());

/** The settings as CreateUserPool takes them (the local pool; CDK maps the same object itself). */
export function createUserPoolInput() {
  const policy = USER_POOL_SETTINGS.passwordPolicy;
  return {
    AliasAttributes: USER_POOL_SETTINGS.signInAliases.email ? ['email' as const] : [],
    UsernameConfiguration: { CaseSensitive: USER_POOL_SETTINGS.signInCaseSensitive },
    AutoVerifiedAttributes: ['email' as const],
    MfaConfiguration: USER_POOL_SETTINGS.mfa,
    Policies: {
      PasswordPolicy: {
        MinimumLength: policy.minLength,
        RequireLowercase: policy.requireLowercase,
        RequireUppercase: policy.requireUppercase,
        RequireNumbers: policy.requireDigits,
        RequireSymbols: policy.requireSymbols,
        TemporaryPasswordValidityDays: policy.tempPasswordValidityDays,
      },
    },
  };
}
