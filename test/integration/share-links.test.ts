import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { SHARE_LINKS_LIMIT_REACHED, SHARE_LINKS_PER_TENANT } from '../../shared/schemas/share-link';
import { call, tokenOf } from '../harness/api';
import { freshClientIp } from '../harness/client-ip';
import { createOwnTenant, type OwnTenant, removeOwnTenant } from '../harness/own-tenant';
import { readStack } from '../harness/stack';
import { waitUntil } from '../harness/wait';

/**
 * Share links (docs/decisions/0322-share-links-that-expire-for-people-without-an-account.md), tested as an
 * attacker would use them: expired, revoked, tampered, guessed, another tenant's host, another customer's assets.
 */
type Member = { id: number; name: string; client: { id: number } | null; last_event: { latitude: number } | null };
type Link = { id: number; token?: string; state: string; uses: number; last_used_at: string | null };
type View = { kind: string; language: string; assets: { name: string; position: unknown; track?: unknown[] }[] };

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const unique = () => randomBytes(4).toString('hex');

async function create(login: string, body: Record<string, unknown>, headers?: Record<string, string>) {
  return call<Link & { violations?: { propertyPath: string }[] }>('POST', '/api/share-links', {
    token: await tokenOf(login),
    body: { language: 'nl', expires_at: inDays(7), ...body },
    headers,
  });
}

// Each read from an address of its own unless the test chooses one: the route is throttled per address.
const read = (token: string, headers?: Record<string, string>) =>
  call<View>('GET', `/api/shared/${token}`, { headers: { 'x-test-client-ip': freshClientIp(), ...headers } });

/** The read as a browser on `<subdomain>.localhost` sends it (fetch cannot set Host). */
function readViaHost(subdomain: string, token: string): Promise<number> {
  const api = new URL(readStack().apiUrl);
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      {
        host: api.hostname,
        port: api.port,
        path: `/api/shared/${token}`,
        headers: { host: `${subdomain}.localhost:${api.port}`, 'x-test-client-ip': freshClientIp() },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    sent.on('error', reject);
    sent.end();
  });
}

let positioned: Member;

beforeAll(async () => {
  const assets = await call<{ 'hydra:member': Member[] }>('GET', '/api/assets?itemsPerPage=100', {
    token: await tokenOf('admin'),
  });
  const found = assets.body['hydra:member'].find((asset) => asset.last_event?.latitude != null);
  if (!found) throw new Error('the demo seed has no asset with a position');
  positioned = found;
});

describe('a link to one asset', () => {
  it('shows its name and last position, nothing else, and counts the use', async () => {
    const made = await create('admin', { kind: 'asset', asset: positioned.id });
    expect(made.status).toBe(201);
    expect(made.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(made.body.state).toBe('live');
    const shared = await read(made.body.token as string);
    expect(shared.status).toBe(200);
    expect(shared.headers.get('cache-control')).toBe('no-store');
    expect(shared.body).toMatchObject({ kind: 'asset', language: 'nl' });
    expect(shared.body.assets.map((asset) => asset.name)).toEqual([positioned.name]);
    expect(shared.body.assets[0]?.position).toMatchObject({ latitude: expect.any(Number) });
    // No id, customer, zone, device or address: the contract check refuses any other key too.
    expect(JSON.stringify(shared.body)).not.toMatch(/"(id|client|geo_zone|device|street|@id)"/);
    const list = await call<{ 'hydra:member': Link[] }>('GET', '/api/share-links', { token: await tokenOf('admin') });
    const listed = list.body['hydra:member'].find((link) => link.id === made.body.id);
    expect(listed).toMatchObject({ uses: 1, last_used_at: expect.any(String), state: 'live' });
    // A page polling twice a minute is one use a minute, not one a poll.
    expect((await read(made.body.token as string)).status).toBe(200);
    const again = await call<{ 'hydra:member': Link[] }>('GET', '/api/share-links', { token: await tokenOf('admin') });
    expect(again.body['hydra:member'].find((link) => link.id === made.body.id)?.uses).toBe(1);
    expect(listed).not.toHaveProperty('token');
  });

  it('shows the fixes of its history period', async () => {
    const history = { from: inDays(-30), to: new Date().toISOString() };
    const made = await create('admin', { kind: 'asset', asset: positioned.id, history });
    expect(made.status).toBe(201);
    const shared = await read(made.body.token as string);
    expect(shared.status).toBe(200);
    const track = shared.body.assets[0]?.track ?? [];
    expect(track.length).toBeGreaterThan(0);
    expect(track[0]).toMatchObject({ latitude: expect.any(Number), longitude: expect.any(Number) });
  });

  it('is refused at once once revoked, with the same 404 as an unknown token', async () => {
    const made = await create('admin', { kind: 'asset', asset: positioned.id });
    const token = made.body.token as string;
    expect((await read(token)).status).toBe(200);
    const revoked = await call<Link>('POST', `/api/share-links/${made.body.id}/revoke`, {
      token: await tokenOf('admin'),
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body.state).toBe('revoked');
    const refused = await read(token);
    const unknown = await read(randomBytes(32).toString('base64url'));
    expect(refused.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(refused.body).toEqual(unknown.body);
  });

  it('refuses a tampered token (one character changed) and tokens of another shape', async () => {
    const made = await create('admin', { kind: 'asset', asset: positioned.id });
    const token = made.body.token as string;
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    expect((await read(`${token.slice(0, -1)}${last}`)).status).toBe(404);
    expect((await read(`${token}x`)).status).toBe(404);
    expect((await read('short')).status).toBe(404);
    expect((await read(token)).status).toBe(200);
  });

  it('cannot be made to expire in the past or beyond 90 days, nor for an unknown asset', async () => {
    const past = await create('admin', { kind: 'asset', asset: positioned.id, expires_at: inDays(-1) });
    expect(past.status).toBe(422);
    expect(past.body.violations?.map((v) => v.propertyPath)).toEqual(['expires_at']);
    expect((await create('admin', { kind: 'asset', asset: positioned.id, expires_at: inDays(91) })).status).toBe(422);
    const unknown = await create('admin', { kind: 'asset', asset: 99_999_999 });
    expect(unknown.status).toBe(422);
    expect(unknown.body.violations?.map((v) => v.propertyPath)).toEqual(['asset']);
    const noAsset = await create('admin', { kind: 'asset' });
    expect(noAsset.body.violations?.map((v) => v.propertyPath)).toEqual(['asset']);
    expect((await create('admin', { kind: 'everything', asset: positioned.id })).status).toBe(422);
    expect((await create('admin', { kind: 'asset', asset: positioned.id, language: 'es' })).status).toBe(422);
  });

  it('is refused once expired', async () => {
    const made = await create('admin', { kind: 'asset', asset: positioned.id, expires_at: inDays(5 / 86_400) });
    expect(made.status).toBe(201);
    const token = made.body.token as string;
    // Absence after presence: the link answers until its end passes, then never again.
    expect((await read(token)).status).toBe(200);
    await waitUntil(
      'the link’s end',
      async () => (await read(token)).status,
      (status) => status === 404,
    );
    const list = await call<{ 'hydra:member': Link[] }>('GET', '/api/share-links', { token: await tokenOf('admin') });
    expect(list.body['hydra:member'].find((link) => link.id === made.body.id)?.state).toBe('expired');
  });
});

describe('tenants', () => {
  it('refuses a link on another tenant’s host or naming another tenant', async () => {
    const demo = (await create('admin', { kind: 'asset', asset: positioned.id })).body.token as string;
    expect(await readViaHost('demo', demo)).toBe(200);
    expect(await readViaHost('acme', demo)).toBe(404);
    expect((await read(demo, { 'x-tenant-id': '2' })).status).toBe(404);
    const acmeAssets = await call<{ 'hydra:member': Member[] }>('GET', '/api/assets', {
      token: await tokenOf('acme-admin'),
    });
    const acmeAsset = acmeAssets.body['hydra:member'][0] as Member;
    const acme = await create('acme-admin', { kind: 'asset', asset: acmeAsset.id });
    expect(acme.status).toBe(201);
    expect(await readViaHost('acme', acme.body.token as string)).toBe(200);
    expect(await readViaHost('demo', acme.body.token as string)).toBe(404);
    expect((await read(acme.body.token as string, { 'x-tenant-id': '1' })).status).toBe(404);
    expect((await read(acme.body.token as string)).status).toBe(200);
  });
});

describe('a link to a customer’s assets', () => {
  it('shows that customer’s assets and never another customer’s', async () => {
    const admin = await tokenOf('admin');
    const customer = async () =>
      (
        await call<{ id: number }>('POST', '/api/clients', {
          token: admin,
          body: { name: `Share ${unique()}`, email: `share-${unique()}@example.com` },
        })
      ).body.id;
    const asset = async (client: number) => {
      const name = `Shared ${unique()}`;
      const made = await call('POST', '/api/assets', { token: admin, body: { name, client } });
      expect(made.status).toBe(201);
      return name;
    };
    const [mine, theirs] = [await customer(), await customer()];
    const own = [await asset(mine), await asset(mine)];
    const other = await asset(theirs);
    const made = await create('admin', { kind: 'customer', client: mine });
    expect(made.status).toBe(201);
    const shared = await read(made.body.token as string);
    expect(shared.body.assets.map((a) => a.name).sort()).toEqual(own.sort());
    expect(JSON.stringify(shared.body)).not.toContain(other);
    const history = { from: inDays(-1), to: new Date().toISOString() };
    expect((await create('admin', { kind: 'customer', client: mine, history })).status).toBe(422);
  });
});

describe('who may make links', () => {
  it('refuses client users, transporters and anyone without a token', async () => {
    for (const login of ['client', 'transporter']) {
      expect((await create(login, { kind: 'asset', asset: positioned.id })).status).toBe(403);
      expect((await call('GET', '/api/share-links', { token: await tokenOf(login) })).status).toBe(403);
    }
    expect((await call('GET', '/api/share-links')).status).toBe(401);
  });

  it('audits making and revoking a link', async () => {
    const made = await create('admin', { kind: 'asset', asset: positioned.id });
    await call('POST', `/api/share-links/${made.body.id}/revoke`, { token: await tokenOf('admin') });
    const entries = await call<{ 'hydra:member': { action: string }[] }>(
      'GET',
      `/api/audit?entityType=shareLinks&entityId=${made.body.id}`,
      { token: await tokenOf('admin') },
    );
    expect(entries.body['hydra:member'].map((entry) => entry.action).sort()).toEqual([
      'shareLinks.create',
      'shareLinks.revoke',
    ]);
    expect(JSON.stringify(entries.body)).not.toContain(made.body.token as string);
  });
});

describe('guessing', () => {
  it('answers a burst of guesses from one address with 429', async () => {
    const headers = { 'x-test-client-ip': freshClientIp() };
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await read(randomBytes(32).toString('base64url'), headers)).status);
    expect(statuses.slice(0, 60).every((status) => status === 404)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});

describe('the bound per tenant', () => {
  let tenant: OwnTenant | undefined;
  afterAll(() => removeOwnTenant(tenant));

  it(`keeps at most ${SHARE_LINKS_PER_TENANT} live links; a revoke or an expiry makes room`, async () => {
    tenant = await createOwnTenant('share links bound');
    const { token, headers } = tenant.superAdmin;
    const asset = await call<{ id: number }>('POST', '/api/assets', { token, headers, body: { name: 'Bound' } });
    const body = { kind: 'asset', asset: asset.body.id, language: 'en', expires_at: inDays(1) };
    const one = (expires = body.expires_at) =>
      call<Link & { message?: string }>('POST', '/api/share-links', {
        token,
        headers,
        body: { ...body, expires_at: expires },
      });
    // One link that ends in seconds, the rest in a day.
    const short = await one(inDays(5 / 86_400));
    expect(short.status).toBe(201);
    const made: Link[] = [];
    for (let i = 1; i < SHARE_LINKS_PER_TENANT; i += 11) {
      const batch = await Promise.all(Array.from({ length: Math.min(11, SHARE_LINKS_PER_TENANT - i) }, () => one()));
      for (const answer of batch) expect(answer.status).toBe(201);
      made.push(...batch.map((answer) => answer.body));
    }
    // The short link has ended: the counter still holds it until the bound is met and the live links are counted.
    await waitUntil(
      'the short link’s end',
      async () => (await read(short.body.token as string)).status,
      (s) => s === 404,
    );
    expect((await one()).status).toBe(201);
    const beyond = await one();
    expect(beyond.status).toBe(409);
    expect(JSON.stringify(beyond.body)).toContain(SHARE_LINKS_LIMIT_REACHED);
    await call('POST', `/api/share-links/${made[0]?.id}/revoke`, { token, headers });
    expect((await one()).status).toBe(201);
    expect((await one()).status).toBe(409);
  });
});
