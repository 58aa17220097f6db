import type { KpnCredentials } from './kpn-settings-repository';

/**
 * The KPN Things calls (integrations.md s.1.2-1.3). Both base URLs are configuration so the local stand-in
 * (scripts/local/kpn-things.ts) answers them: KPN_TOKEN_URL is GRIP's token endpoint, KPN_API_URL the REST
 * base. Every call has a short timeout: the console waits on it.
 */
const DEFAULT_TOKEN_URL = 'https://auth.grip-on-it.com/api/v3/idp/oidc/token';
const DEFAULT_API_URL = 'https://api.kpnthings.com';
const TIMEOUT_MS = 5000;
const PAGE_SIZE = 100;
/** A runaway cursor (a server that never stops answering one) must not loop for ever. */
const MAX_PAGES = 500;

const tokenUrl = () => process.env.KPN_TOKEN_URL || DEFAULT_TOKEN_URL;
const apiUrl = () => (process.env.KPN_API_URL || DEFAULT_API_URL).replace(/\/$/, '');

export class KpnCallError extends Error {}

async function request(url: string, init: RequestInit): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new KpnCallError(`KPN call failed: ${(error as Error).message}`);
  }
  if (!response.ok) throw new KpnCallError(`KPN answered ${response.status} for ${new URL(url).pathname}`);
  return response.json().catch(() => {
    throw new KpnCallError('KPN answered something that is not JSON');
  });
}

/** GRIP machine-to-machine token: the application id is the audience; there is no refresh token. */
export async function fetchAccessToken(credentials: KpnCredentials): Promise<string> {
  const body = (await request(tokenUrl(), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      grant_type: 'client_credentials',
      audience: credentials.application_id,
      client_id: credentials.client_id,
      client_secret: credentials.client_secret,
    }),
  })) as { access_token?: unknown };
  if (typeof body.access_token !== 'string' || !body.access_token) throw new KpnCallError('No access_token');
  return body.access_token;
}

const get = (token: string, path: string, query: Record<string, string>) =>
  request(`${apiUrl()}${path}?${new URLSearchParams(query)}`, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });

/** Token, then one cheap read. Any failure (credentials, network, timeout) is a false, never an error. */
export async function verifyCredentials(credentials: KpnCredentials): Promise<boolean> {
  try {
    const token = await fetchAccessToken(credentials);
    await get(token, '/device-groups', { projectId: credentials.project_id, limit: '1' });
    return true;
  } catch (error) {
    if (error instanceof KpnCallError) return false;
    throw error;
  }
}

/** Cursor pages carry their items in `data` (or are a bare array) and the next cursor in `nextCursor`. */
function readPage(body: unknown): { count: number; next?: string } {
  if (Array.isArray(body)) return { count: body.length };
  const page = body as { data?: unknown[]; nextCursor?: unknown };
  const next = typeof page.nextCursor === 'string' && page.nextCursor ? page.nextCursor : undefined;
  return { count: Array.isArray(page.data) ? page.data.length : 0, next };
}

/** The cursor paging model has no total (integrations.md s.1.3), so the group's devices are paged through. */
export async function countGroupDevices(credentials: KpnCredentials): Promise<number> {
  const token = await fetchAccessToken(credentials);
  const path = `/device-groups/${encodeURIComponent(credentials.device_group_id)}/devices`;
  let total = 0;
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const { count, next } = readPage(
      await get(token, path, { limit: String(PAGE_SIZE), ...(cursor ? { cursor } : {}) }),
    );
    total += count;
    if (!next) return total;
    cursor = next;
  }
  throw new KpnCallError('Too many device pages');
}
