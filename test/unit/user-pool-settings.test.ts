import {
  AliasExistsException,
  CodeMismatchException,
  ExpiredCodeException,
  InvalidParameterException,
  InvalidPasswordException,
  LimitExceededException,
  NotAuthorizedException,
  TooManyRequestsException,
  UserNotFoundException,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import { LimitExceededException as DynamoLimitExceeded } from '@aws-sdk/client-dynamodb';
import { cognitoClientError } from '../../functions/lib/auth/cognito-errors';
import {
  newPasswordSchema,
  PASSWORD_NEEDS_DIGIT,
  PASSWORD_NEEDS_SYMBOL,
  PASSWORD_NEEDS_UPPERCASE,
  PASSWORD_TOO_SHORT,
} from '../../shared/schemas/session';
import { USERNAME_IS_EMAIL, userInputSchema } from '../../shared/schemas/user';
import { createUserPoolInput, looksLikeEmail, USER_POOL_SETTINGS } from '../../shared/user-pool';

// The strict stand-in's rules (plain CommonJS, run by cognito-local's process).
const rules = require('../../scripts/local/cognito-pool-rules.cjs') as {
  looksLikeEmail: (value: string) => boolean;
  passwordPolicyError: (options: unknown, password: string) => { code: string; message: string } | undefined;
  emailAliasError: (
    options: unknown,
    users: unknown[],
    username: string,
    attributes: { Name: string; Value: string }[],
  ) => { code: string; message: string } | undefined;
};

const messagesOf = (value: string) => {
  const result = newPasswordSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('one password policy (shared/user-pool.ts)', () => {
  it('is 12 characters with every class, as CDK deploys it', () => {
    expect(USER_POOL_SETTINGS.passwordPolicy).toMatchObject({
      minLength: 12,
      requireLowercase: true,
      requireUppercase: true,
      requireDigits: true,
      requireSymbols: true,
    });
  });

  it('refuses an 11-character password and a single-class one in the schema, with a message per rule', () => {
    expect(messagesOf('Abcdefgh1!x')).toEqual([PASSWORD_TOO_SHORT]);
    expect(PASSWORD_TOO_SHORT).toBe('The password must be at least 12 characters');
    expect(messagesOf('abcdefghijklmnop')).toEqual([
      PASSWORD_NEEDS_UPPERCASE,
      PASSWORD_NEEDS_DIGIT,
      PASSWORD_NEEDS_SYMBOL,
    ]);
    expect(messagesOf('Demo-Tracking-2026!')).toEqual([]);
  });

  it('is what the strict stand-in holds passwords to (the local pool created from the same definition)', () => {
    const options = createUserPoolInput();
    expect(rules.passwordPolicyError(options, 'Abcdefgh1!x')).toEqual({
      code: 'InvalidPasswordException',
      message: 'Password does not conform to policy: Password not long enough',
    });
    expect(rules.passwordPolicyError(options, 'abcdefghijklmnop')?.code).toBe('InvalidPasswordException');
    expect(rules.passwordPolicyError(options, 'Demo-Tracking-2026!')).toBeUndefined();
  });
});

describe('e-mail alias', () => {
  const samples = ['a@b.c', 'someone@example.com', ' x@y ', 'user-demo-7', 'no-at-sign', '@lead', 'trail@', 'a@b@c'];

  it('refuses e-mail-shaped usernames in the schema and in the stand-in alike', () => {
    for (const sample of samples) expect(rules.looksLikeEmail(sample)).toBe(looksLikeEmail(sample));
    const input = { name: 'N', email: 'n@example.com', roles: ['ROLE_USER'], password: 'Demo-Tracking-2026!' };
    const refused = userInputSchema.safeParse({ ...input, username: 'n@example.com' });
    expect(refused.success ? [] : refused.error.issues.map((issue) => issue.message)).toEqual([USERNAME_IS_EMAIL]);
    expect(userInputSchema.safeParse({ ...input, username: 'n-example' }).success).toBe(true);
  });

  it('makes the stand-in refuse an e-mail username and a verified e-mail another user holds', () => {
    const options = createUserPoolInput();
    expect(rules.emailAliasError(options, [], 'someone@example.com', [])?.code).toBe('InvalidParameterException');
    const holder = {
      Username: 'user-1-1',
      Attributes: [
        { Name: 'email', Value: 'Taken@Example.com' },
        { Name: 'email_verified', Value: 'true' },
      ],
    };
    const attributes = [
      { Name: 'email', Value: 'taken@example.com' },
      { Name: 'email_verified', Value: 'true' },
    ];
    expect(rules.emailAliasError(options, [holder], 'user-1-2', attributes)?.code).toBe('AliasExistsException');
    expect(rules.emailAliasError({}, [holder], 'user-1-2', attributes)).toBeUndefined();
  });
});

describe('cognitoClientError: every Cognito refusal the code can meet is a 4xx', () => {
  const meta = { $metadata: {} };
  const cases: [Error, number, string?][] = [
    [new UsernameExistsException({ message: 'User already exists', ...meta }), 422, 'username'],
    [new AliasExistsException({ message: 'An account with the given email already exists.', ...meta }), 422, 'email'],
    [
      new InvalidPasswordException({
        message: 'Password does not conform to policy: Password not long enough',
        ...meta,
      }),
      422,
      'password',
    ],
    [
      new InvalidParameterException({
        message: 'Username cannot be of email format, since user pool is configured for email alias.',
        ...meta,
      }),
      422,
      'username',
    ],
    [new InvalidParameterException({ message: 'Invalid attribute', ...meta }), 422],
    [new CodeMismatchException({ message: 'Invalid code', ...meta }), 422, 'code'],
    [new ExpiredCodeException({ message: 'Expired', ...meta }), 422, 'code'],
    [new UserNotFoundException({ message: 'User does not exist.', ...meta }), 404],
    [new NotAuthorizedException({ message: 'User is disabled.', ...meta }), 401],
    [new LimitExceededException({ message: 'Attempt limit exceeded', ...meta }), 429],
    [new TooManyRequestsException({ message: 'Rate exceeded', ...meta }), 429],
  ];

  it.each(cases.map(([error, status, field]) => ({ name: error.name, error, status, field })))(
    '$name answers $status',
    ({ error, status, field }) => {
      const mapped = cognitoClientError(error);
      expect(mapped?.status).toBe(status);
      if (field) expect(mapped?.violations?.map((v) => v.propertyPath)).toEqual([field]);
    },
  );

  it('leaves other services’ errors of the same name alone (a DynamoDB limit is ours, a 500)', () => {
    expect(cognitoClientError(new DynamoLimitExceeded({ message: 'Too many', ...meta }))).toBeUndefined();
    expect(cognitoClientError(new Error('boom'))).toBeUndefined();
  });
});
