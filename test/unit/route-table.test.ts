import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isPermissionName, isRoleName } from '../../shared/permissions';
import { HANDLER_MODULES, matchRoute, ROUTES, routeKey } from '../../shared/routes';

const SPEC_DIR = path.resolve(__dirname, '../../../shared/spec');
const SPEC_FILES = ['000_12b4abe494ad8a3b.txt', '001_9a6c670aedc203b8.txt'];

/** Every "METHOD /path" named in section 7 ("The calls it makes") of a spec document. */
function specCalls(file: string): { method: string; path: string }[] {
  const text = readFileSync(path.join(SPEC_DIR, file), 'utf8');
  const section = text.slice(text.indexOf('## 7.'), text.indexOf('## 8.'));
  const calls: { method: string; path: string }[] = [];
  for (const line of section.split('\n').filter((l) => l.startsWith('|'))) {
    const firstCell = line.split('|')[1] ?? '';
    for (const match of firstCell.matchAll(/\b(GET|POST|PUT|DELETE|PATCH)\s+(\/[\w\-/{}]*)/g)) {
      calls.push({ method: match[1] as string, path: (match[2] as string).replace(/\/+$/, '') });
    }
  }
  return calls;
}

describe('the route table', () => {
  it.each(SPEC_FILES)('holds every call of section 7 of %s', (file) => {
    const calls = specCalls(file);
    expect(calls.length).toBeGreaterThan(20);
    const missing = calls.filter((call) => {
      const concrete = call.path.replace(/\{[^}]+\}/g, '42');
      return (
        matchRoute(call.method, concrete)?.route.path.replace(/\{[^}]+\}/g, '{}') !==
        call.path.replace(/\{[^}]+\}/g, '{}')
      );
    });
    expect(missing).toEqual([]);
  });

  it('holds the calls the spec names without a path: roles, colours, asset profile relations, SSO start', () => {
    for (const [method, concrete] of [
      ['GET', '/api/roles'],
      ['POST', '/api/frontend-settings'],
      ['PUT', '/api/frontend-settings/3'],
      ['GET', '/api/asset-profiles/3'],
      ['PUT', '/api/asset-profiles/3'],
      ['PUT', '/api/kpn-things'],
      ['GET', '/login/azure'],
    ] as const) {
      expect(matchRoute(method, concrete)).toBeDefined();
    }
  });

  it('declares each route once, with a known handler module and known permission or role names', () => {
    const keys = ROUTES.map(routeKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(ROUTES.map((r) => r.id)).size).toBe(ROUTES.length);
    for (const route of ROUTES) {
      expect(HANDLER_MODULES).toContain(route.handler);
      if (typeof route.access === 'object') {
        expect(route.access.anyOf.length).toBeGreaterThan(0);
        for (const name of route.access.anyOf) expect(isPermissionName(name) || isRoleName(name)).toBe(true);
      }
    }
  });

  it('prefers static segments over parameters, as API Gateway does, and ignores a trailing slash', () => {
    expect(matchRoute('GET', '/api/assets/map')?.route.id).toBe('assets.map');
    expect(matchRoute('GET', '/api/assets/export/')?.route.id).toBe('assets.export');
    expect(matchRoute('GET', '/api/assets/12')).toMatchObject({
      route: { id: 'assets.get' },
      pathParameters: { id: '12' },
    });
    expect(matchRoute('PATCH', '/api/assets/12')).toBeUndefined();
  });

  it('keeps public only what must work without a session', () => {
    const publicRoutes = ROUTES.filter((r) => r.access === 'public').map((r) => r.path);
    expect(publicRoutes.sort()).toEqual(
      [
        '/api/docs.json',
        '/api/logo',
        '/api/oauth/token',
        // A report mail's unsubscribe link (GET) and one-click (POST, RFC 8058): the signature is the credential.
        '/api/report-subscriptions/unsubscribe',
        '/api/report-subscriptions/unsubscribe',
        // A mailed report's download link: signed for its one file and good until its end (report-file-link.ts).
        '/api/report-subscriptions/file',
        // A share link's page: its token (256 bits, only its hash stored) is the credential (share-link-repository.ts).
        '/api/shared/{token}',
        // The KPN Things webhook: its Things-Message-Token is the credential (functions/lib/pipeline/kpn-webhook.ts).
        '/api/things/uplink',
        // The Things Stack and ChirpStack: the X-Uplink-Secret header is the credential (network-webhooks.ts).
        '/api/tts/uplink',
        '/api/chirpstack/uplink',
        '/login/azure',
        '/oauth',
        '/user/reset-password',
        '/user/reset-password/confirm',
        '/user/sign-in',
        // Revokes a refresh token: the token is the credential, and an expired ID token must not stop a sign-out.
        '/user/sign-out',
        '/user/verify',
      ].sort(),
    );
  });
});
