import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import { HOST, localHttpServer, port } from './config';
import type { Service } from './services';

/**
 * Local stand-in for KPN Things (integrations.md s.1.2-1.3): GRIP's OAuth2 token endpoint and the parts of
 * the REST API the product calls. One demo credential is accepted; its device group holds DEMO_DEVICE_COUNT
 * devices, answered in cursor pages so the product's paging is exercised.
 */
export const KPN_DEMO = {
  client_id: 'kpn-demo-client',
  client_secret: 'kpn-demo-secret-2026',
  kpn_tenant_id: 'demo-grip-tenant',
  application_id: '4dc82561-f65f-523g-dek9-6c79ec314f02',
  project_id: 'demo-project',
  device_group_id: 'demo-device-group',
} as const;
export const DEMO_DEVICE_COUNT = 137;
export const KPN_TOKEN_PATH = '/api/v3/idp/oidc/token';

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 500;
const TOKEN_SECONDS = 3600;

const send = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const readBody = (req: http.IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });

const demoDevices = Array.from({ length: DEMO_DEVICE_COUNT }, (_, i) => ({
  id: `demo-device-${String(i + 1).padStart(4, '0')}`,
  name: `LocationTag ${i + 1}`,
}));

function pageOf<T>(items: readonly T[], query: URLSearchParams) {
  const limit = Math.min(Math.max(Number(query.get('limit')) || DEFAULT_LIMIT, 1), MAX_LIMIT);
  const start = Number(query.get('cursor') ?? 0) || 0;
  const end = start + limit;
  return { data: items.slice(start, end), nextCursor: end < items.length ? String(end) : null };
}

function createHandler(tokens: Set<string>) {
  async function token(req: http.IncomingMessage, res: http.ServerResponse) {
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(await readBody(req));
    } catch {
      return send(res, 400, { error: 'invalid_request' });
    }
    if (body.grant_type !== 'client_credentials') return send(res, 400, { error: 'unsupported_grant_type' });
    const valid =
      body.client_id === KPN_DEMO.client_id &&
      body.client_secret === KPN_DEMO.client_secret &&
      body.audience === KPN_DEMO.application_id;
    if (!valid) return send(res, 401, { error: 'invalid_client' });
    const accessToken = randomBytes(24).toString('base64url');
    tokens.add(accessToken);
    setTimeout(() => tokens.delete(accessToken), TOKEN_SECONDS * 1000).unref();
    return send(res, 200, { access_token: accessToken, token_type: 'Bearer', expires_in: TOKEN_SECONDS });
  }

  return async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', `http://${HOST}`);
    if (req.method === 'POST' && url.pathname === KPN_TOKEN_PATH) return token(req, res);
    if (req.method !== 'GET') return send(res, 405, { error: 'method not allowed' });
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !tokens.has(bearer)) return send(res, 401, { error: 'unauthorized' });
    if (url.pathname === '/device-groups') {
      const groups =
        url.searchParams.get('projectId') === KPN_DEMO.project_id ? [{ id: KPN_DEMO.device_group_id }] : [];
      return send(res, 200, pageOf(groups, url.searchParams));
    }
    const groupDevices = /^\/device-groups\/([^/]+)\/devices$/.exec(url.pathname);
    if (groupDevices) {
      if (decodeURIComponent(groupDevices[1] as string) !== KPN_DEMO.device_group_id)
        return send(res, 404, { error: 'device group not found' });
      return send(res, 200, pageOf(demoDevices, url.searchParams));
    }
    return send(res, 404, { error: 'not found' });
  };
}

export async function startKpnThings(): Promise<Service> {
  const handle = createHandler(new Set());
  const server = localHttpServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, { error: 'server error' }));
  });
  const listenPort = port('KPN_PORT');
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenPort, HOST, () => resolve());
  });
  return {
    name: 'KPN Things (GRIP + API)',
    url: `http://${HOST}:${listenPort}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
