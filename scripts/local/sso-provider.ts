import { readFileSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { AdminListGroupsForUserCommand, ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import Provider, { type Account, type ProviderContext } from 'oidc-provider';
import { linkTarget, readSsoTenant } from '../../functions/triggers/pre-sign-up';
import { cognitoClient } from './bootstrap';
import { dataDir, HOST, port } from './config';
import type { Service } from './services';
import { loginPage } from './sso-login-page';
import { FileAdapter, providerKeys } from './sso-provider-store';

/**
 * Local stand-in for the Cognito domain of single sign-on (docs/decisions/0103): a real OpenID
 * Connect provider (oidc-provider) at Cognito's paths (/oauth2/authorize, /oauth2/token) with PKCE required.
 * Its sign-in page plays Entra ID: an e-mail is looked up in cognito-local, as the pre sign-up trigger links it
 * on AWS, and the ID token carries the claims a Cognito ID token of that user has, so the gateway and the API
 * treat it exactly like one. An unknown or disabled e-mail returns to the console with error=access_denied.
 */
const SCOPES = 'openid email profile';

/** The claims of a Cognito ID token that the API reads (functions/lib/auth/claims.ts). */
const COGNITO_ID_CLAIMS = ['sub', 'token_use', 'cognito:username', 'cognito:groups', 'custom:tenant', 'custom:user_id'];

export interface SsoProviderOptions {
  userPoolId: string;
  /** The console's app client; the only client of this provider. */
  clientId: string;
  /** Console origins; each gets <origin>/oauth as redirect URI, as the Cognito app client's callback URLs. */
  consoleOrigins: string[];
}

const attribute = (attributes: { Name?: string; Value?: string }[] | undefined, name: string) =>
  attributes?.find((a) => a.Name === name)?.Value;

/** The first pool user matching a ListUsers filter, if exactly one matches and it is enabled. */
async function onlyEnabledUser(userPoolId: string, filter: string) {
  const found = await cognitoClient().send(new ListUsersCommand({ UserPoolId: userPoolId, Filter: filter, Limit: 2 }));
  const [user, ...others] = found.Users ?? [];
  return user?.Username && user.Enabled !== false && others.length === 0 ? user : undefined;
}

const quoted = (value: string) => `"${value.replace(/["\\]/g, '')}"`;

/** When cognito-strict.cjs last signed this user out everywhere (epoch seconds), if ever. */
function lastGlobalSignOut(username: string): number | undefined {
  try {
    const times = JSON.parse(readFileSync(path.join(dataDir(), 'cognito', 'global-sign-outs.json'), 'utf8'));
    return typeof times[username] === 'number' ? times[username] : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The account of a Cognito sub (oidc-provider makes the account id the ID token's sub, and Cognito's sub is the
 * user's sub attribute), or undefined when the user is gone or disabled, which also ends its refresh tokens, as
 * does a global sign-out after the refresh token was issued (AWS revokes hosted-UI refresh tokens with it).
 */
async function findAccount(userPoolId: string, sub: string, token?: { iat?: number }): Promise<Account | undefined> {
  const user = await onlyEnabledUser(userPoolId, `sub = ${quoted(sub)}`);
  if (!user?.Username) return undefined;
  const username = user.Username;
  const signedOut = lastGlobalSignOut(username);
  if (token?.iat !== undefined && signedOut !== undefined && token.iat <= signedOut) return undefined;
  const groups = await cognitoClient().send(
    new AdminListGroupsForUserCommand({ UserPoolId: userPoolId, Username: username }),
  );
  const attrs = user.Attributes;
  return {
    accountId: sub,
    claims: async () => ({
      sub,
      token_use: 'id',
      'cognito:username': username,
      'cognito:groups': (groups.Groups ?? []).map((g) => g.GroupName),
      'custom:tenant': attribute(attrs, 'custom:tenant'),
      'custom:user_id': attribute(attrs, 'custom:user_id'),
      email: attribute(attrs, 'email'),
      email_verified: true,
      name: attribute(attrs, 'name'),
    }),
  };
}

/**
 * The sub of the user this e-mail becomes: the very decision of the pre sign-up trigger on AWS (linkTarget:
 * the SSO tenant's verified domains, a user of that tenant only, enabled, the only one with that e-mail).
 */
async function subForEmail(userPoolId: string, email: string): Promise<string | undefined> {
  const normalised = email.trim().toLowerCase();
  if (!normalised) return undefined;
  const found = await cognitoClient().send(
    new ListUsersCommand({ UserPoolId: userPoolId, Filter: `email = ${quoted(normalised)}`, Limit: 5 }),
  );
  const users = found.Users ?? [];
  const candidates = users.map((user) => ({
    username: user.Username ?? '',
    enabled: user.Enabled !== false,
    status: user.UserStatus,
    tenantId: attribute(user.Attributes, 'custom:tenant'),
  }));
  const target = linkTarget(normalised, readSsoTenant(), candidates);
  return attribute(users.find((user) => user.Username === target?.username)?.Attributes, 'sub');
}

function createProvider(issuer: string, options: SsoProviderOptions) {
  const { jwks, cookieKeys } = providerKeys();
  return new Provider(issuer, {
    adapter: FileAdapter,
    jwks,
    cookies: { keys: cookieKeys },
    clients: [
      {
        client_id: options.clientId,
        token_endpoint_auth_method: 'none',
        redirect_uris: options.consoleOrigins.map((origin) => `${origin}/oauth`),
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        scope: SCOPES,
      },
    ],
    routes: {
      authorization: '/oauth2/authorize',
      token: '/oauth2/token',
      userinfo: '/oauth2/userInfo',
      revocation: '/oauth2/revoke',
      jwks: '/.well-known/jwks.json',
      end_session: '/logout',
    },
    scopes: ['openid', 'email', 'profile', 'offline_access'],
    claims: { openid: COGNITO_ID_CLAIMS, email: ['email', 'email_verified'], profile: ['name'] },
    // Cognito puts the user's claims into the ID token of the code flow; so does this stand-in.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false }, revocation: { enabled: true } },
    findAccount: (_ctx: unknown, id: string, token?: { iat?: number }) => findAccount(options.userPoolId, id, token),
    // Cognito hands out a refresh token with every code exchange and does not rotate it.
    issueRefreshToken: async () => true,
    rotateRefreshToken: () => false,
    expiresWithSession: async () => false,
    // The console is a first-party client: no consent screen, as with Cognito's hosted UI.
    loadExistingGrant: async (ctx: ProviderContext) => {
      const accountId = ctx.oidc.session?.accountId;
      const clientId = ctx.oidc.client?.clientId;
      if (!accountId || !clientId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ accountId, clientId });
      grant.addOIDCScope(SCOPES);
      await grant.save();
      return grant;
    },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    // Cognito's lifetimes: code 5 minutes, ID token 1 hour, refresh token 30 days (infra/stacks/auth-stack.ts).
    ttl: {
      AuthorizationCode: 300,
      IdToken: 3600,
      AccessToken: 3600,
      RefreshToken: 30 * 24 * 3600,
      Interaction: 600,
      Session: 8 * 3600,
      Grant: 30 * 24 * 3600,
    },
  });
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return new URLSearchParams(text);
}

function sendHtml(res: ServerResponse, html: string) {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}

/** The sign-in page and its two answers (Next, Cancel); everything else is the OIDC provider itself. */
function interactionHandler(provider: Provider, options: SsoProviderOptions) {
  return async (req: IncomingMessage, res: ServerResponse, action: string | undefined) => {
    const interaction = await provider.interactionDetails(req, res);
    if (req.method === 'GET') return sendHtml(res, loginPage({ uid: interaction.uid }));
    const form = await readForm(req);
    const refuse = (description: string) =>
      provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: description },
        { mergeWithLastSubmission: false },
      );
    if (action === 'abort') return refuse('The user cancelled the sign-in.');
    const email = form.get('email') ?? '';
    if (!email.trim()) return sendHtml(res, loginPage({ uid: interaction.uid, error: 'Enter your e-mail address.' }));
    const sub = await subForEmail(options.userPoolId, email);
    if (!sub) return refuse('No active console account for this e-mail address.');
    return provider.interactionFinished(req, res, { login: { accountId: sub } }, { mergeWithLastSubmission: false });
  };
}

export async function startSsoProvider(options: SsoProviderOptions): Promise<Service & { issuer: string }> {
  const listenPort = port('SSO_PORT');
  const issuer = `http://${HOST}:${listenPort}`;
  const provider = createProvider(issuer, options);
  const oidc = provider.callback();
  const interaction = interactionHandler(provider, options);
  const server = http.createServer((req, res) => {
    const match = /^\/interaction\/[^/]+(?:\/(login|abort))?$/.exec(new URL(req.url ?? '/', issuer).pathname);
    if (!match) return oidc(req, res);
    interaction(req, res, match[1]).catch((error: unknown) => {
      console.error('sso stand-in', error);
      if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain' });
      res.end('This sign-in has expired. Go back to the console and start again.');
    });
  });
  // Idle keep-alive connections are the client's to close (see scripts/local/gateway.ts).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenPort, HOST, () => resolve());
  });
  return {
    name: 'SSO stand-in (Cognito domain + Entra ID)',
    url: issuer,
    issuer,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
