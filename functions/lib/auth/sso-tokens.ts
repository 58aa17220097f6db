import { JwtRsaVerifier } from 'aws-jwt-verify';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import { HttpError } from '../http/errors';
import { accessDenied, type SsoConfig } from './sso-config';

/** What the token endpoint (Cognito's /oauth2/token, locally the stand-in's) answers. */
interface TokenAnswer {
  id_token?: string;
  refresh_token?: string;
}

const TOKEN_TIMEOUT_MS = 10_000;

export const identityProviderUnreachable = () => new HttpError(502, 'The identity provider could not be reached.');

/**
 * POST to the token endpoint as the public SPA client (no secret: the PKCE verifier or the refresh token is the
 * proof). Any refusal (invalid_grant: wrong, used or expired code; wrong verifier) is Access denied.
 */
export async function callTokenEndpoint(config: SsoConfig, form: Record<string, string>): Promise<TokenAnswer> {
  let response: Response;
  try {
    response = await fetch(`${config.domainUrl}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ client_id: config.clientId, ...form }),
      signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
    });
  } catch {
    throw identityProviderUnreachable();
  }
  if (response.status >= 500) throw identityProviderUnreachable();
  if (!response.ok) throw accessDenied();
  return (await response.json()) as TokenAnswer;
}

const verifiers = new Map<string, Promise<{ verify(token: string): Promise<JwtPayload> }>>();

/**
 * The same checks as the HTTP API's JWT authorizer (issuer, audience = the app client, expiry, signature) plus
 * token_use = id, as the local gateway does. aws-jwt-verify fetches JWKS over https only; the local stand-in is
 * plain http, so its keys are loaded here once, as scripts/local/gateway.ts does for cognito-local.
 */
function verifierFor(config: SsoConfig) {
  const key = `${config.issuer}|${config.clientId}`;
  let verifier = verifiers.get(key);
  if (!verifier) {
    verifier = (async () => {
      const created = JwtRsaVerifier.create({
        issuer: config.issuer,
        audience: config.clientId,
        jwksUri: config.jwksUri,
        customJwtCheck: ({ payload }) => {
          if (payload.token_use !== 'id') throw new Error('Only ID tokens are accepted');
        },
      });
      if (config.jwksUri.startsWith('http://')) {
        const jwks = await (await fetch(config.jwksUri)).json();
        created.cacheJwks(jwks as Parameters<typeof created.cacheJwks>[0]);
      }
      return created;
    })();
    verifier.catch(() => verifiers.delete(key));
    verifiers.set(key, verifier);
  }
  return verifier;
}

export async function verifyIdToken(config: SsoConfig, idToken: string | undefined): Promise<JwtPayload> {
  if (!idToken) throw accessDenied();
  let verifier: Awaited<ReturnType<typeof verifierFor>>;
  try {
    verifier = await verifierFor(config);
  } catch {
    throw identityProviderUnreachable();
  }
  try {
    return await verifier.verify(idToken);
  } catch {
    throw accessDenied();
  }
}
