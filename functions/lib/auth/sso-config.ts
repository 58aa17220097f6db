import { HttpError } from '../http/errors';

/** Where the single sign-on code flow goes; read from the environment CDK (or scripts/start.ts) sets. */
export interface SsoConfig {
  /** The Cognito domain (https://<prefix>.auth.<region>.amazoncognito.com), locally the OIDC stand-in. */
  domainUrl: string;
  /** Cognito identity provider name of Entra ID, sent as identity_provider so Cognito skips its own page. */
  providerName: string;
  clientId: string;
  /** The console's callback screen: <console origin>/oauth, registered as the app client's callback URL. */
  redirectUri: string;
  /** Issuer of the ID tokens the token endpoint answers: the user pool on AWS, the stand-in locally. */
  issuer: string;
  jwksUri: string;
  /** The console tenant the Entra ID directory belongs to: SSO signs in users of this tenant only. */
  tenantId: string;
}

export const SSO_NOT_CONFIGURED = 'Single sign-on is not configured.';

/** The whole answer of a failed single sign-on (spec 001 s.8): the console shows its own 'Access denied'. */
export const SSO_ACCESS_DENIED = 'Access denied';

/** 403 for every refusal (unknown, reused or expired state, refused code, unknown or inactive user). */
export const accessDenied = () => new HttpError(403, SSO_ACCESS_DENIED);

/** 501: without Entra ID federation the deployment has no provider to send anyone to. */
export const ssoNotConfigured = () => new HttpError(501, SSO_NOT_CONFIGURED);

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** undefined when federation is not configured (CDK sets SSO_PROVIDER_NAME and SSO_TENANT_ID only with azure). */
export function readSsoConfig(env: NodeJS.ProcessEnv = process.env): SsoConfig | undefined {
  const domain = env.COGNITO_DOMAIN?.trim();
  const providerName = env.SSO_PROVIDER_NAME?.trim();
  const clientId = env.USER_POOL_CLIENT_ID?.trim();
  const consoleOrigin = env.CONSOLE_ORIGIN?.trim();
  const tenantId = env.SSO_TENANT_ID?.trim();
  if (!domain || !providerName || !clientId || !consoleOrigin || !tenantId) return undefined;
  // On AWS both sign-in paths end in tokens of the user pool; locally the stand-in issues them itself.
  const poolIssuer = `https://cognito-idp.${env.AWS_REGION ?? 'eu-west-1'}.amazonaws.com/${env.USER_POOL_ID ?? ''}`;
  const issuer = trimSlash(env.SSO_TOKEN_ISSUER?.trim() || poolIssuer);
  return {
    domainUrl: trimSlash(domain),
    providerName,
    clientId,
    redirectUri: `${trimSlash(consoleOrigin)}/oauth`,
    issuer,
    jwksUri: `${issuer}/.well-known/jwks.json`,
    tenantId,
  };
}

export function requireSsoConfig(): SsoConfig {
  const config = readSsoConfig();
  if (!config) throw ssoNotConfigured();
  return config;
}
