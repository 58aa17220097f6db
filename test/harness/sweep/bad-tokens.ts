import { createHmac, createPublicKey, createSign, generateKeyPairSync } from 'node:crypto';
import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { REGION } from '../../../scripts/local/config';
import { DEMO_PASSWORD, signIn } from '../api';
import { readStack } from '../stack';
import { decodePayload, signWithLocalKey, tamper } from '../tokens';

/**
 * Tokens the API must refuse with 401 on every route that is not public (test/integration/sweep-tokens.test.ts),
 * each made from a real session of a demo user: what an attacker or a confused client would send.
 */
const base64url = (value: object | Buffer) =>
  (Buffer.isBuffer(value) ? value : Buffer.from(JSON.stringify(value))).toString('base64url');

const cognito = () =>
  new CognitoIdentityProviderClient({
    region: REGION,
    endpoint: `http://127.0.0.1:${readStack().ports.COGNITO_PORT}`,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });

/** Cognito's access token for the user (the API accepts ID tokens only). */
async function accessTokenOf(username: string): Promise<string> {
  const result = await cognito().send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: readStack().userPoolClientId,
      AuthParameters: { USERNAME: username, PASSWORD: DEMO_PASSWORD },
    }),
  );
  return result.AuthenticationResult?.AccessToken as string;
}

/** A genuine ID token of another user pool of the same Cognito, for a user with the same name and claims. */
async function otherPoolIdToken(username: string, claims: Record<string, unknown>): Promise<string> {
  const client = cognito();
  const pool = await client.send(
    new CreateUserPoolCommand({
      PoolName: `sweep-other-pool-${Date.now()}`,
      Schema: [
        { Name: 'tenant', AttributeDataType: 'String', Mutable: true },
        { Name: 'user_id', AttributeDataType: 'String', Mutable: true },
      ],
    }),
  );
  const UserPoolId = pool.UserPool?.Id as string;
  const appClient = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId,
      ClientName: 'sweep-other-client',
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH'],
    }),
  );
  await client.send(
    new AdminCreateUserCommand({
      UserPoolId,
      Username: username,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'custom:tenant', Value: String(claims['custom:tenant']) },
        { Name: 'custom:user_id', Value: String(claims['custom:user_id']) },
      ],
    }),
  );
  await client.send(
    new AdminSetUserPasswordCommand({ UserPoolId, Username: username, Password: DEMO_PASSWORD, Permanent: true }),
  );
  const result = await client.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: appClient.UserPoolClient?.ClientId,
      AuthParameters: { USERNAME: username, PASSWORD: DEMO_PASSWORD },
    }),
  );
  return result.AuthenticationResult?.IdToken as string;
}

const localPublicKeyPem = () =>
  createPublicKey((require('cognito-local/lib/keys/cognitoLocal.private.json') as { pem: string }).pem).export({
    type: 'spki',
    format: 'pem',
  }) as string;

/** Every kind of bad token, by name, for the demo user `login`. */
export async function badTokens(login: string): Promise<Record<string, string>> {
  const { token, refresh_token } = await signIn(login);
  const claims = decodePayload(token);
  const now = Math.floor(Date.now() / 1000);
  const [header, payload] = token.split('.') as [string, string];
  const hs256Header = base64url({ alg: 'HS256', typ: 'JWT', kid: 'CognitoLocal' });
  const hs256Signature = createHmac('sha256', localPublicKeyPem()).update(`${hs256Header}.${payload}`).digest();
  const strangerKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const strangerUnsigned = `${header}.${payload}`;
  return {
    'alg none': `${base64url({ alg: 'none', typ: 'JWT' })}.${payload}.`,
    'alg none, signature kept': `${base64url({ alg: 'none', typ: 'JWT' })}.${payload}.${token.split('.')[2]}`,
    'a claim changed under the old signature': tamper(token, { 'cognito:groups': ['ROLE_SUPER_ADMIN'] }),
    'another tenant under the old signature': tamper(token, { 'custom:tenant': '2' }),
    expired: signWithLocalKey({ ...claims, iat: now - 7200, exp: now - 3600 }),
    'not valid yet': signWithLocalKey({ ...claims, iat: now + 3600, nbf: now + 3600, exp: now + 7200 }),
    'the refresh token as bearer': refresh_token,
    'an access token where the ID token is expected': await accessTokenOf(login),
    'an ID token of another user pool': await otherPoolIdToken(login, claims),
    'HS256 keyed with the public key': `${hs256Header}.${payload}.${base64url(hs256Signature)}`,
    'signed by an unknown key with the right kid': `${strangerUnsigned}.${base64url(
      createSign('RSA-SHA256').update(strangerUnsigned).sign(strangerKey),
    )}`,
    garbage: 'not.a.jwt',
  };
}
