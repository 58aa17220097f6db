import { createSign } from 'node:crypto';

/**
 * Signs a token with cognito-local's published development key (it ships in the package), so tests can
 * present a correctly signed token that is expired, or one for the wrong audience, and see the gateway
 * refuse it. Never usable against real Cognito.
 */
const privateKey = (require('cognito-local/lib/keys/cognitoLocal.private.json') as { pem: string }).pem;

const base64url = (value: object | Buffer) =>
  (Buffer.isBuffer(value) ? value : Buffer.from(JSON.stringify(value))).toString('base64url');

export function signWithLocalKey(payload: Record<string, unknown>): string {
  const header = { alg: 'RS256', typ: 'JWT', kid: 'CognitoLocal' };
  const unsigned = `${base64url(header)}.${base64url(payload)}`;
  const signature = createSign('RSA-SHA256').update(unsigned).sign(privateKey);
  return `${unsigned}.${base64url(signature)}`;
}

export const decodePayload = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));

/** The same token with one claim changed and the original signature kept. */
export function tamper(token: string, changes: Record<string, unknown>): string {
  const [header, , signature] = token.split('.');
  return `${header}.${base64url({ ...decodePayload(token), ...changes })}.${signature}`;
}
