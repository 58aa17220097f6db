import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  DescribeUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  PASSWORD_NEEDS_DIGIT,
  PASSWORD_NEEDS_SYMBOL,
  PASSWORD_NEEDS_UPPERCASE,
  PASSWORD_TOO_SHORT,
} from '../../shared/schemas/session';
import { USERNAME_IS_EMAIL } from '../../shared/schemas/user';
import { createUserPoolInput } from '../../shared/user-pool';
import { call, DEMO_PASSWORD, signIn, tokenOf } from '../harness/api';
import { readStack } from '../harness/stack';
import { tamper } from '../harness/tokens';

/**
 * Works on AWS as it works locally: the user pool and the gateway's authorizer: the local pool is
 * created from the definition CDK deploys and refuses what Cognito refuses; the local gateway passes no claims
 * to public routes and refuses tokens in API Gateway's own shape (docs/aws-parity.md).
 */
interface ErrorBody {
  violations?: { propertyPath: string; message: string }[];
}

const run = Date.now().toString(36);
const stack = () => readStack();
const cognito = () =>
  new CognitoIdentityProviderClient({
    endpoint: `http://127.0.0.1:${stack().ports.COGNITO_PORT}`,
    region: 'eu-west-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
const nameOf = (error: unknown) => (error instanceof Error ? error.name : String(error));

describe('the local user pool is the pool CDK deploys', () => {
  it('has the aliases, case sensitivity and password policy of shared/user-pool.ts', async () => {
    const { UserPool } = await cognito().send(new DescribeUserPoolCommand({ UserPoolId: stack().userPoolId }));
    const wanted = createUserPoolInput();
    expect(UserPool?.AliasAttributes).toEqual(wanted.AliasAttributes);
    expect(UserPool?.UsernameConfiguration).toEqual(wanted.UsernameConfiguration);
    expect(UserPool?.Policies?.PasswordPolicy).toEqual(wanted.Policies.PasswordPolicy);
  });

  it('refuses an e-mail-shaped username, a taken verified e-mail and a weak password, as Cognito does', async () => {
    const create = (Username: string, email: string) =>
      cognito().send(
        new AdminCreateUserCommand({
          UserPoolId: stack().userPoolId,
          Username,
          MessageAction: 'SUPPRESS',
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'email_verified', Value: 'true' },
          ],
        }),
      );
    const email = `parity-${run}@parity.example`;
    await expect(create(email, email).catch(nameOf)).resolves.toBe('InvalidParameterException');
    await create(`parity-${run}`, email);
    await expect(create(`parity-again-${run}`, email.toUpperCase()).catch(nameOf)).resolves.toBe(
      'AliasExistsException',
    );
    const setPassword = (Password: string) =>
      cognito().send(
        new AdminSetUserPasswordCommand({
          UserPoolId: stack().userPoolId,
          Username: `parity-${run}`,
          Password,
          Permanent: true,
        }),
      );
    await expect(setPassword('Abcdefgh1!x').catch(nameOf)).resolves.toBe('InvalidPasswordException');
    await expect(setPassword('abcdefghijklmnop').catch(nameOf)).resolves.toBe('InvalidPasswordException');
    await expect(setPassword(DEMO_PASSWORD)).resolves.toBeDefined();
  });
});

describe('users through the API against the stricter pool', () => {
  it('creates a client user (username made by the API, never the e-mail) who signs in with the e-mail', async () => {
    const admin = await tokenOf('admin');
    const client = await call<{ id: number }>('POST', '/api/clients', {
      token: admin,
      body: { name: `Parity ${run}`, email: `parity-client-${run}@parity.example` },
    });
    expect(client.status).toBe(201);
    const email = `parity-user-${run}@parity.example`;
    const created = await call('POST', `/api/clients/${client.body.id}/users`, {
      token: admin,
      body: { name: 'Paula Parity', email },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ email, active: true });
  });

  it('answers 422 on username, not 500, to an e-mail-shaped username (Cognito would refuse it)', async () => {
    const answer = await call<ErrorBody>('POST', '/api/users', {
      token: await tokenOf('admin'),
      body: {
        name: `Mail name ${run}`,
        username: `mail-name-${run}@parity.example`,
        email: `mail-name-${run}@parity.example`,
        password: DEMO_PASSWORD,
        roles: ['ROLE_USER'],
      },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.violations).toEqual([{ propertyPath: 'username', message: USERNAME_IS_EMAIL }]);
  });

  it('answers 422 to an 11-character or a single-class password (the pool needs 12 and every class)', async () => {
    const admin = await tokenOf('admin');
    const attempt = (suffix: string, password: string) =>
      call<ErrorBody>('POST', '/api/users', {
        token: admin,
        body: {
          name: `Weak ${suffix} ${run}`,
          username: `weak-${suffix}-${run}`,
          email: `weak-${suffix}-${run}@parity.example`,
          password,
          roles: ['ROLE_USER'],
        },
      });
    const short = await attempt('short', 'Abcdefgh1!x');
    expect(short.status).toBe(422);
    expect(short.body.violations).toEqual([{ propertyPath: 'password', message: PASSWORD_TOO_SHORT }]);
    const single = await attempt('single', 'abcdefghijklmnop');
    expect(single.status).toBe(422);
    expect(single.body.violations?.map((v) => v.message)).toEqual([
      PASSWORD_NEEDS_UPPERCASE,
      PASSWORD_NEEDS_DIGIT,
      PASSWORD_NEEDS_SYMBOL,
    ]);
  });
});

describe('the local gateway, as API Gateway with its JWT authorizer', () => {
  it('passes no claims to a public route, even with a valid token (no authorizer there on AWS)', async () => {
    // With claims, the tenant header of a non-super-admin would be refused (403): public routes never read them.
    const answer = await call('GET', '/api/logo', {
      token: await tokenOf('admin'),
      headers: { 'x-tenant-id': '2' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ url: null });
  });

  it('refuses a missing or invalid token with API Gateway’s exact 401, not the API’s error format', async () => {
    const raw = async (token?: string) => {
      const response = await fetch(`${stack().apiUrl}/api/me`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      return { status: response.status, headers: response.headers, text: await response.text() };
    };
    const missing = await raw();
    expect(missing).toMatchObject({ status: 401, text: '{"message":"Unauthorized"}' });
    expect(missing.headers.get('content-type')).toBe('application/json');
    const forged = await raw(tamper((await signIn('user')).token, { 'cognito:groups': ['ROLE_SUPER_ADMIN'] }));
    expect(forged).toMatchObject({ status: 401, text: '{"message":"Unauthorized"}' });
    expect(forged.headers.get('www-authenticate')).toMatch(/^Bearer scope="" error="invalid_token"/);
  });
});
