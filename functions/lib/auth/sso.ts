import { MESSAGES } from '../../../shared/errors';
import { type OauthCallbackQuery, SSO_REFRESH_PREFIX } from '../../../shared/schemas/session';
import { HttpError, unauthorized } from '../http/errors';
import { authContextFromClaims } from './auth-context';
import type { RawClaims } from './claims';
import { sessionUserFor } from './session';
import { accessDenied, requireSsoConfig, type SsoConfig } from './sso-config';
import { consumeFlow, startFlow } from './sso-state';
import { callTokenEndpoint, verifyIdToken } from './sso-tokens';

/** GET /login/azure: the authorize URL of the Cognito domain, straight to Entra ID, with state and PKCE (S256). */
export async function azureAuthorizeUrl(binding: string): Promise<string> {
  const config = requireSsoConfig();
  const { state, codeChallenge } = await startFlow(binding);
  const url = new URL(`${config.domainUrl}/oauth2/authorize`);
  url.search = new URLSearchParams({
    identity_provider: config.providerName,
    response_type: 'code',
    client_id: config.clientId,
    redirect_uri: config.redirectUri,
    scope: 'openid email profile',
    state,
    code_challenge: codeChallenge,
    code_challenge_method: 'S256',
  }).toString();
  return url.toString();
}

/** The user of a verified ID token, as sign-in answers it; unknown, inactive or tenant-less users are refused. */
async function sessionFromIdToken(config: SsoConfig, idToken: string | undefined) {
  const claims = (await verifyIdToken(config, idToken)) as RawClaims;
  // Defence in depth behind the pre sign-up trigger: an identity linked to a user of another tenant (say,
  // before the trigger checked the tenant) never becomes a session through this directory's sign-in.
  if (String(claims['custom:tenant'] ?? '') !== config.tenantId) throw accessDenied();
  try {
    return await sessionUserFor(await authContextFromClaims(claims, undefined));
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) throw accessDenied();
    throw error;
  }
}

/**
 * GET /oauth: consumes the state first (single use, so a replayed callback fails even with a fresh code), then
 * exchanges the code with the stored verifier and verifies the ID token before trusting any of it.
 */
export async function completeSsoSignIn(query: OauthCallbackQuery) {
  const config = requireSsoConfig();
  const codeVerifier = await consumeFlow(query.state, query.binding);
  if (!codeVerifier) throw accessDenied();
  const tokens = await callTokenEndpoint(config, {
    grant_type: 'authorization_code',
    code: query.code,
    redirect_uri: config.redirectUri,
    code_verifier: codeVerifier,
  });
  const user = await sessionFromIdToken(config, tokens.id_token);
  if (!tokens.refresh_token || !tokens.id_token) throw accessDenied();
  return { user, token: tokens.id_token, refresh_token: `${SSO_REFRESH_PREFIX}${tokens.refresh_token}` };
}

/**
 * POST /user/verify for an SSO session. A refused refresh token (expired, revoked, user gone or deactivated) is
 * 401 'Invalid or expired token.' as for password sessions. Cognito does not rotate refresh tokens, so usually
 * the same one comes back.
 */
export async function refreshSsoSession(refreshToken: string) {
  const config = requireSsoConfig();
  const raw = refreshToken.slice(SSO_REFRESH_PREFIX.length);
  try {
    const tokens = await callTokenEndpoint(config, { grant_type: 'refresh_token', refresh_token: raw });
    const user = await sessionFromIdToken(config, tokens.id_token);
    return {
      user,
      token: tokens.id_token as string,
      refresh_token: `${SSO_REFRESH_PREFIX}${tokens.refresh_token ?? raw}`,
    };
  } catch (error) {
    if (error instanceof HttpError && error.status === 403) throw unauthorized(MESSAGES.invalidToken);
    throw error;
  }
}
