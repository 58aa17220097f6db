/**
 * The user pool rules Cognito enforces and cognito-local does not, as pure functions of the pool's stored
 * options (CreateUserPool input: AliasAttributes, Policies.PasswordPolicy) so that the strict stand-in
 * (cognito-strict.cjs) and unit tests share them. Each answers { code, message } as Cognito words it, or
 * undefined. Plain CommonJS: cognito-strict.cjs runs without a TypeScript loader.
 */

/** Cognito's symbol set (developer guide, "Password policies"); a space inside the password counts too. */
const SYMBOLS = '^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+- ';

/** Same test as shared/user-pool.ts looksLikeEmail (kept in step by test/unit/user-pool-settings.test.ts). */
const looksLikeEmail = (value) => /^[^@\s]+@[^@\s]+$/.test(String(value ?? '').trim());

/** The first rule of the pool's password policy that the password breaks, in Cognito's words. */
function passwordPolicyError(options, password) {
  const policy = options?.Policies?.PasswordPolicy;
  if (!policy) return undefined;
  const value = String(password ?? '');
  const reasons = [
    [value.length < (policy.MinimumLength ?? 8), 'Password not long enough'],
    [policy.RequireLowercase && !/[a-z]/.test(value), 'Password must have lowercase characters'],
    [policy.RequireUppercase && !/[A-Z]/.test(value), 'Password must have uppercase characters'],
    [policy.RequireNumbers && !/[0-9]/.test(value), 'Password must have numeric characters'],
    [
      policy.RequireSymbols && ![...value.trim()].some((c) => SYMBOLS.includes(c)),
      'Password must have symbol characters',
    ],
  ];
  const broken = reasons.find(([fails]) => fails);
  return broken
    ? { code: 'InvalidPasswordException', message: `Password does not conform to policy: ${broken[1]}` }
    : undefined;
}

const attribute = (attributes, name) => attributes?.find((a) => a.Name === name)?.Value;

/**
 * With e-mail as an alias: an e-mail-shaped username is refused on create, and a verified e-mail that another
 * user already holds as their verified e-mail is refused (AWS compares aliases case-insensitively).
 * `existing` is true for AdminUpdateUserAttributes, where the username is the user being changed.
 */
function emailAliasError(options, users, username, attributes, existing = false) {
  if (!options?.AliasAttributes?.includes('email')) return undefined;
  if (!existing && looksLikeEmail(username))
    return {
      code: 'InvalidParameterException',
      message: 'Username cannot be of email format, since user pool is configured for email alias.',
    };
  const email = attribute(attributes, 'email');
  if (!email || attribute(attributes, 'email_verified') !== 'true') return undefined;
  const holder = users.find(
    (user) =>
      user.Username.toLowerCase() !== String(username).toLowerCase() &&
      attribute(user.Attributes, 'email_verified') === 'true' &&
      attribute(user.Attributes, 'email')?.toLowerCase() === email.toLowerCase(),
  );
  return holder
    ? { code: 'AliasExistsException', message: 'An account with the given email already exists.' }
    : undefined;
}

module.exports = { SYMBOLS, looksLikeEmail, passwordPolicyError, emailAliasError };
