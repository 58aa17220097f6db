import type { Asset } from '../../shared/schemas/asset';
import { clientChannel, staffChannel, userChannel } from '../../shared/schemas/live';
import { call, tokenOf } from '../harness/api';
import { connectLive, type LiveClient, publishLive } from '../harness/live';
import { addTenantUser, createOwnTenant, removeOwnTenant } from '../harness/own-tenant';
import { decodePayload, signWithLocalKey, tamper } from '../harness/tokens';
import { publishMqtt, type Uplink } from '../harness/uplinks';

/**
 * Live push through the local AppSync Events stand-in (scripts/local/appsync-events.ts): who may
 * connect and subscribe to which channel (functions/lib/live/channel-rules.ts, the same code as the AWS Lambda
 * authorizer), who may publish (only the backend, SigV4), and the pipeline publishing asset changes.
 */
const clients: LiveClient[] = [];
const connected = async (token: string) => {
  const client = connectLive(token);
  clients.push(client);
  expect((await client.opened).type).toBe('connection_ack');
  return client;
};
afterAll(() => {
  for (const client of clients) client.close();
});

type Listed = Asset & { client: { id: number } | null };
const assetsOf = async (token: string) =>
  (await call<{ 'hydra:member': Listed[] }>('GET', '/api/assets?pagination=false', { token })).body['hydra:member'];

describe('live push: connect and subscribe', () => {
  it('acknowledges a connection with the connection timeout and answers subscribe as AppSync does', async () => {
    const admin = await connected(await tokenOf('admin'));
    expect((await admin.opened).connectionTimeoutMs).toBe(300_000);
    expect((await admin.subscribe(staffChannel(1))).type).toBe('subscribe_success');
  });

  it('refuses a forged, an expired and another app client’s token at connection_init', async () => {
    const token = await tokenOf('admin');
    const claims = decodePayload(token);
    const now = Math.floor(Date.now() / 1000);
    for (const bad of [
      tamper(token, { 'custom:tenant': '2' }),
      signWithLocalKey({ ...claims, iat: now - 7200, exp: now - 3600 }),
      signWithLocalKey({ ...claims, aud: 'another-client' }),
      'not-a-token',
    ]) {
      const client = connectLive(bad);
      clients.push(client);
      const answer = await client.opened;
      expect(answer).toMatchObject({ type: 'connection_error', errors: [{ errorType: 'UnauthorizedException' }] });
      await client.closed;
    }
  });

  it('closes the connection when its token expires', async () => {
    const claims = decodePayload(await tokenOf('admin'));
    const client = await connected(signWithLocalKey({ ...claims, exp: Math.floor(Date.now() / 1000) + 2 }));
    expect((await client.subscribe(staffChannel(1))).type).toBe('subscribe_success');
    const closed = await client.closed;
    expect(closed.reason).toBe('Token expired');
    expect(client.messages.some((m) => m.errors?.[0]?.message === 'Token expired')).toBe(true);
  });

  it('lets each identity subscribe only to its own channels', async () => {
    const refused = (answer: { type: string; errors?: { errorType: string }[] }) =>
      answer.type === 'subscribe_error' && answer.errors?.[0]?.errorType === 'UnauthorizedException';
    const admin = await connected(await tokenOf('admin'));
    const adminId = Number(decodePayload(await tokenOf('admin'))['custom:user_id']);
    expect(refused(await admin.subscribe(staffChannel(2)))).toBe(true);
    expect(refused(await admin.subscribe(clientChannel(2, 1)))).toBe(true);
    expect(refused(await admin.subscribe(clientChannel(1, 1)))).toBe(true);
    expect(refused(await admin.subscribe(userChannel(1, adminId + 1)))).toBe(true);
    expect(refused(await admin.subscribe('/live/*'))).toBe(true);
    expect(refused(await admin.subscribe('/live/t1/*'))).toBe(true);
    expect((await admin.subscribe(userChannel(1, adminId))).type).toBe('subscribe_success');
    // A channel name AppSync itself refuses.
    expect(await admin.subscribe('/live/t1/staff/x/y/z')).toMatchObject({ type: 'subscribe_error' });

    const acme = await connected(await tokenOf('acme-admin'));
    expect(refused(await acme.subscribe(staffChannel(1)))).toBe(true);
    expect((await acme.subscribe(staffChannel(2))).type).toBe('subscribe_success');

    const superadmin = await connected(await tokenOf('superadmin'));
    expect((await superadmin.subscribe(staffChannel(2))).type).toBe('subscribe_success');
    expect(refused(await superadmin.subscribe(clientChannel(2, 1)))).toBe(true);

    const clientToken = await tokenOf('client');
    const client = await connected(clientToken);
    expect(refused(await client.subscribe(staffChannel(1)))).toBe(true);
    expect(refused(await client.subscribe(staffChannel(2)))).toBe(true);
    // A subscribe is judged by the token it carries, not by the connection's: a broken one is refused.
    expect(refused(await client.subscribe(staffChannel(1), 'not-a-token'))).toBe(true);
  });

  it('refuses the staff channel to a user whose roles lost asset reading and the map in the matrix', async () => {
    const refused = (answer: { type: string; errors?: { errorType: string }[] }) =>
      answer.type === 'subscribe_error' && answer.errors?.[0]?.errorType === 'UnauthorizedException';
    const tenant = await createOwnTenant('Live permissions');
    try {
      const token = await tokenOf(await addTenantUser(tenant, ['ROLE_USER']));
      const userId = Number(decodePayload(token)['custom:user_id']);
      const staff = staffChannel(tenant.tenantId);
      expect((await (await connected(token)).subscribe(staff)).type).toBe('subscribe_success');

      const matrix = await call<{
        'hydra:member': { id: number; name: string; version: number; role_permissions: { permission: string }[] }[];
      }>('GET', '/api/role-matrix', tenant.superAdmin);
      const role = matrix.body['hydra:member'].find((r) => r.name === 'ROLE_USER');
      if (!role) throw new Error('no ROLE_USER in the matrix');
      const kept = role.role_permissions.filter((p) => !['ASSET_READ', 'VIEW_ASSET_MAP'].includes(p.permission));
      const saved = await call('PUT', `/api/roles/${role.id}`, {
        ...tenant.superAdmin,
        body: { version: role.version, role_permissions: kept },
      });
      expect(saved.status).toBe(200);

      const after = await connected(token);
      expect(refused(await after.subscribe(staff))).toBe(true);
      expect((await after.subscribe(userChannel(tenant.tenantId, userId))).type).toBe('subscribe_success');
    } finally {
      await removeOwnTenant(tenant);
    }
  });

  it('refuses a publish with a browser token, over HTTP and over the socket', async () => {
    const token = await tokenOf('admin');
    const body = { channel: staffChannel(1), events: [JSON.stringify({ v: 1, cursor: 'x', changes: [] })] };
    for (const authorization of [token, `Bearer ${token}`]) {
      const answer = await publishLive(body, authorization);
      expect(answer).toMatchObject({ status: 401, body: { errors: [{ errorType: 'UnauthorizedException' }] } });
    }
    const admin = await connected(token);
    admin.send({
      type: 'publish',
      id: 'p1',
      channel: staffChannel(1),
      events: body.events,
      authorization: { Authorization: token },
    });
    expect(await admin.next((m) => m.id === 'p1')).toMatchObject({ type: 'publish_error' });
  });

  it('refuses what AppSync refuses from the backend too: over 5 events, over 240 KB, bad channels', async () => {
    const event = JSON.stringify({ ok: true });
    expect((await publishLive({ channel: staffChannel(1), events: Array(6).fill(event) })).status).toBe(400);
    expect(
      (await publishLive({ channel: staffChannel(1), events: [JSON.stringify('x'.repeat(250_000))] })).status,
    ).toBe(400);
    expect((await publishLive({ channel: '/live/t1/*', events: [event] })).status).toBe(400);
    expect((await publishLive({ channel: '/nope/t1/staff', events: [event] })).status).toBe(404);
    expect((await publishLive({ channel: staffChannel(1), events: ['{not json'] })).status).toBe(400);
    expect((await publishLive({ channel: staffChannel(1), events: [] })).status).toBe(400);
    const ok = await publishLive({ channel: '/live/t999/staff', events: [event] });
    expect(ok).toMatchObject({ status: 200, body: { failed: [], successful: [{ index: 0 }] } });
  });
});

describe('live push: the pipeline publishes asset changes', () => {
  it('a client user’s socket receives only their customer’s assets; the staff channel gets both', async () => {
    const adminToken = await tokenOf('admin');
    const clientToken = await tokenOf('client');
    const visible = new Set((await assetsOf(clientToken)).map((a) => a.id));
    const all = await assetsOf(adminToken);
    const usable = (a: Listed) => a.devices.length > 0 && a.last_event?.latitude != null && a.client !== null;
    const own = all.find((a) => visible.has(a.id) && usable(a)) as Listed;
    const other = all.find((a) => !visible.has(a.id) && usable(a)) as Listed;
    expect(own).toBeDefined();
    expect(other).toBeDefined();
    const clientId = own.client?.id as number;

    const staff = await connected(adminToken);
    expect((await staff.subscribe(staffChannel(1))).type).toBe('subscribe_success');
    const client = await connected(clientToken);
    expect((await client.subscribe(clientChannel(1, clientId))).type).toBe('subscribe_success');
    expect((await client.subscribe(clientChannel(1, other.client?.id as number))).type).toBe('subscribe_error');

    const uplink = (asset: Listed, seconds: number): Uplink => ({
      devEui: (asset.devices[0] as { dev_eui: string }).dev_eui,
      at: new Date(Math.floor(Date.now() / 1000) * 1000 - seconds * 1000),
      payload: {
        eventType: 'moving',
        fix: {
          latitude: (asset.last_event?.latitude ?? 0) + 0.0001,
          longitude: asset.last_event?.longitude ?? 0,
          accuracy: 5,
        },
      },
    });
    const before = `${Date.now()}-00000000`;
    // The other customer's asset first, then the client's own: once their own arrived, the other's would have too.
    await publishMqtt(uplink(other, 2));
    await staff.next((m) => m.type === 'data' && staff.changes().some((c) => c.t === 'asset' && c.id === other.id));
    await publishMqtt(uplink(own, 1));
    await client.next((m) => m.type === 'data' && client.changes().some((c) => c.t === 'asset' && c.id === own.id));
    await staff.next((m) => m.type === 'data' && staff.changes().some((c) => c.t === 'asset' && c.id === own.id));

    expect(client.changes().some((c) => c.id === other.id)).toBe(false);
    const events = client.messages.flatMap((m) => (m.type === 'data' ? [m.event ?? ''] : [])).join('\n');
    expect(events).not.toContain(JSON.stringify(other.name));
    const mine = client.changes().find((c) => c.t === 'asset' && c.id === own.id);
    expect(mine?.t === 'asset' && mine.m?.slice(0, 2)).toEqual([own.id, own.name]);
    // A marker update is small (the contract: ≤ 100 bytes for a name of up to ~40 characters, decision 0232).
    expect(own.name.length).toBeLessThanOrEqual(40);
    expect(Buffer.byteLength(JSON.stringify(mine))).toBeLessThanOrEqual(100);
    const event = JSON.parse(client.messages.find((m) => m.type === 'data')?.event ?? '{}');
    expect(event).toMatchObject({ v: 1, cursor: expect.stringMatching(/^\d{13}-[0-9a-f]{8}$/) });

    // The delta since before the uplinks: the staff view has both, the client's only their own.
    const staffDelta = await delta(adminToken, before);
    expect(staffDelta.status).toBe(200);
    expect(staffDelta.body.reset).toBe(false);
    expect(staffDelta.body.markers.map(([id]) => id)).toEqual(expect.arrayContaining([own.id, other.id]));
    const clientDelta = await delta(clientToken, before);
    expect(clientDelta.body.markers.map(([id]) => id)).toContain(own.id);
    expect(clientDelta.body.markers.map(([id]) => id)).not.toContain(other.id);
    expect(JSON.stringify(clientDelta.body)).not.toContain(JSON.stringify(other.name));
    // The newest cursor is the last message's: the client's delta from there has nothing new; 304 with its ETag.
    expect(clientDelta.body.cursor > before).toBe(true);
    const etag = clientDelta.headers.get('etag') as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await delta(clientToken, before, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body).toBeUndefined();
    expect((await delta(clientToken, before, { 'if-none-match': '"stale"' })).status).toBe(200);
  });
});

type Delta = { '@id': string; markers: [number, string][]; removed: number[]; cursor: string; reset: boolean };
const delta = async (token: string, since: string, headers?: Record<string, string>) => {
  return call<Delta>('GET', `/api/assets/map?since=${encodeURIComponent(since)}`, { token, headers });
};

describe('GET /api/assets/map?since= (the delta)', () => {
  it('resets for a cursor older than the change log keeps, and refuses one that is not a cursor', async () => {
    const token = await tokenOf('admin');
    const old = await delta(token, `${Date.now() - 25 * 3600_000}-00000000`);
    expect(old.status).toBe(200);
    expect(old.body).toMatchObject({ markers: [], removed: [], reset: true });
    for (const bad of [
      'x',
      '123-abc',
      `${Date.now() + 3600_000}-00000000`,
      `${Date.now()}-00000000&cursor=0000000001-0000000001`,
    ]) {
      const answer = await call('GET', `/api/assets/map?since=${bad}`, { token });
      expect(answer.status).toBe(400);
    }
    const acme = await delta(await tokenOf('acme-admin'), `${Date.now() - 60_000}-00000000`);
    expect(acme.status).toBe(200);
    expect(acme.body.reset).toBe(false);
  });
});

describe('live push: the handlers publish after their writes', () => {
  it('an asset created, moved to another customer and deleted reaches the staff channel and only its customers', async () => {
    const adminToken = await tokenOf('admin');
    const clientToken = await tokenOf('client');
    const visible = new Set((await assetsOf(clientToken)).map((a) => a.id));
    const all = await assetsOf(adminToken);
    const ownClient = all.find((a) => visible.has(a.id) && a.client)?.client?.id as number;
    const otherClient = all.find((a) => a.client && a.client.id !== ownClient)?.client?.id as number;
    expect(ownClient).toBeDefined();
    expect(otherClient).toBeDefined();
    const staff = await connected(adminToken);
    expect((await staff.subscribe(staffChannel(1))).type).toBe('subscribe_success');
    const client = await connected(clientToken);
    expect((await client.subscribe(clientChannel(1, ownClient))).type).toBe('subscribe_success');
    const seen = (socket: LiveClient, match: (c: ReturnType<LiveClient['changes']>[number]) => boolean) =>
      socket.next((m) => m.type === 'data' && socket.changes().some(match));

    const name = `Live ${Date.now()}`;
    const created = await call<Asset>('POST', '/api/assets', { token: adminToken, body: { name, client: ownClient } });
    expect(created.status).toBe(201);
    const id = created.body.id;
    // Without a position it is on no map: its marker is null.
    await seen(staff, (c) => c.t === 'asset' && c.id === id && c.m === null);
    await seen(client, (c) => c.t === 'asset' && c.id === id);

    const moved = await call('PUT', `/api/assets/${id}`, { token: adminToken, body: { name, client: otherClient } });
    expect(moved.status).toBe(200);
    // The customer it left hears `removed`; nothing of where it went.
    await seen(client, (c) => c.t === 'removed' && c.id === id);

    expect((await call('DELETE', `/api/assets/${id}`, { token: adminToken })).status).toBe(204);
    await seen(staff, (c) => c.t === 'removed' && c.id === id);
    const after = client.changes().filter((c) => 'id' in c && c.id === id);
    expect(after.at(-1)).toEqual({ t: 'removed', id });
  });

  it('an export job that finishes is announced on its starter’s channel only', async () => {
    const token = await tokenOf('admin');
    const userId = Number(decodePayload(token)['custom:user_id']);
    const own = await connected(token);
    expect((await own.subscribe(userChannel(1, userId))).type).toBe('subscribe_success');
    const started = await call<{ id: string }>('POST', '/api/assets/export?type=csv', { token });
    expect(started.status).toBe(202);
    await own.next((m) => m.type === 'data' && own.changes().some((c) => c.t === 'export' && c.id === started.body.id));
    expect(own.changes().find((c) => c.t === 'export' && c.id === started.body.id)).toEqual({
      t: 'export',
      id: started.body.id,
      state: 'done',
    });
  });
});
