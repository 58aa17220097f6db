import { RevokeTokenCommand } from '@aws-sdk/client-cognito-identity-provider';
import { isSsoRefreshToken, SSO_REFRESH_PREFIX } from '../../../shared/schemas/session';
import { cognito, userPoolClientId } from './cognito';
import { requireSsoConfig } from './sso-config';
import { identityProviderUnreachable } from './sso-tokens';

/**
 * POST /user/sign-out: the refresh token of this session stops working at Cognito (RevokeToken), so a copy
 * taken from the browser (an XSS, a shared machine) cannot mint new ID tokens after the user signed out. The
 * refresh token is the proof, as for refresh itself, so the route is public and works with an expired ID
 * token. ID tokens already issued from it stay valid until they expire (at most an hour): Cognito's RevokeToken
 * does not reach them, and ending them too is what signOutEverywhere is for (password change, deactivation).
 */
const NOTHING_TO_REVOKE = /NotAuthorized|InvalidParameter|UnsupportedTokenType|Unauthorized/;

/** An unknown, already revoked or malformed token has nothing left to revoke: the same 204, no enumeration. */
async function revokePasswordSession(token: string) {
  try {
    await cognito().send(new RevokeTokenCommand({ ClientId: userPoolClientId(), Token: token }));
  } catch (error) {
    if (!(error instanceof Error && NOTHING_TO_REVOKE.test(error.name))) throw error;
  }
}

/** SSO sessions were issued by the Cognito domain's token endpoint; its /oauth2/revoke ends them (RFC 7009). */
async function revokeSsoSession(token: string) {
  const config = requireSsoConfig();
  let response: Response;
  try {
    response = await fetch(`${config.domainUrl}/oauth2/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: config.clientId, token: token.slice(SSO_REFRESH_PREFIX.length) }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    throw identityProviderUnreachable();
  }
  if (response.status >= 500) throw identityProviderUnreachable();
}

export async function signOut(refreshToken: string): Promise<void> {
  if (isSsoRefreshToken(refreshToken)) await revokeSsoSession(refreshToken);
  else await revokePasswordSession(refreshToken);
}
