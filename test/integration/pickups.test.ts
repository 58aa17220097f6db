import { call, tokenOf } from '../harness/api';

/**
 * "Report empty" is a pickup request. The pickup list (GET /api/pickups) holds every asset
 * reported empty and not yet confirmed, longest waiting first; the planner's confirmation, another status, a new
 * customer or the asset's deletion closes it; a refused action writes nothing. Role views: staff and
 * transporters the tenant's, client users their customer's (the demo client user has customer 1), another
 * tenant nothing. Runs in demo over whatever is there; its own assets are made and removed through the API.
 */
type Asset = { id: number; version: number; name: string; status: { status: string } | null };
type Pickup = {
  '@id': string;
  asset: { id: number; name: string };
  requested_at: string;
  requested_by: { id: number; name: string | null } | null;
  customer: { id: number; company: string | null } | null;
  position: unknown;
  zone: unknown;
};
type Collection = { 'hydra:member': Pickup[]; 'hydra:totalItems': number };

describe('pickups', () => {
  let admin: string;
  let user: string;
  let client: string;
  let transporter: string;
  let acme: string;
  const made: number[] = [];

  const pickups = async (token: string) => {
    const all: Pickup[] = [];
    for (let page = 1; ; page++) {
      const answer = await call<Collection>('GET', `/api/pickups?itemsPerPage=100&page=${page}`, { token });
      expect(answer.status).toBe(200);
      all.push(...answer.body['hydra:member']);
      if (answer.body['hydra:member'].length < 100) return { all, total: answer.body['hydra:totalItems'] };
    }
  };
  const entryOf = async (token: string, assetId: number) =>
    (await pickups(token)).all.find((p) => p.asset.id === assetId);
  const newAsset = async (name: string, client: number | null = 1) => {
    const created = await call<Asset>('POST', '/api/assets', { token: admin, body: { name, client } });
    expect(created.status).toBe(201);
    made.push(created.body.id);
    return created.body;
  };
  const put = (token: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    call<Asset & { violations?: { message: string }[] }>('PUT', path, { token, body, headers });

  beforeAll(async () => {
    [admin, user, client, transporter, acme] = await Promise.all([
      tokenOf('admin'),
      tokenOf('user'),
      tokenOf('client'),
      tokenOf('transporter'),
      tokenOf('acme-admin'),
    ]);
  });

  afterAll(async () => {
    for (const id of made) await call('DELETE', `/api/assets/${id}`, { token: admin });
  });

  it('lists an asset reported empty with who and when, longest waiting first, until a planner confirms', async () => {
    const first = await newAsset('Pickup reel first');
    const second = await newAsset('Pickup reel second');
    expect((await put(transporter, `/api/assets/${first.id}/deregister`)).status).toBe(200);
    expect((await put(client, `/api/assets/${second.id}/deregister`)).status).toBe(200);
    const { all, total } = await pickups(user);
    expect(total).toBe(all.length);
    const times = all.map((p) => p.requested_at);
    expect(times).toEqual([...times].sort());
    const ids = all.map((p) => p.asset.id);
    expect(ids.indexOf(first.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    const entry = all.find((p) => p.asset.id === first.id) as Pickup;
    expect(entry).toMatchObject({
      '@id': `/api/assets/${first.id}`,
      asset: { id: first.id, name: 'Pickup reel first' },
      customer: { id: 1 },
      requested_by: { id: expect.any(Number), name: expect.any(String) },
    });
    // The planner's confirmation closes it (send_deregistered -> deregistered).
    expect((await put(user, `/api/assets/${first.id}/confirm-report`)).status).toBe(200);
    const after = (await pickups(user)).all.map((p) => p.asset.id);
    expect(after).not.toContain(first.id);
    expect(after).toContain(second.id);
  });

  it('writes nothing on a refused action: stale version, stale If-Match, a second report', async () => {
    const asset = await newAsset('Pickup reel refused');
    const stale = await put(transporter, `/api/assets/${asset.id}/deregister`, { version: asset.version + 5 });
    expect(stale.status).toBe(409);
    const staleMatch = await put(transporter, `/api/assets/${asset.id}/deregister`, undefined, {
      'if-match': `"${asset.version + 5}"`,
    });
    expect(staleMatch.status).toBe(412);
    // Proven against an entry that arrived after the refused ones: the list was read after it.
    const other = await newAsset('Pickup reel witness');
    expect((await put(transporter, `/api/assets/${other.id}/deregister`)).status).toBe(200);
    const ids = (await pickups(user)).all.map((p) => p.asset.id);
    expect(ids).toContain(other.id);
    expect(ids).not.toContain(asset.id);
    const again = await put(transporter, `/api/assets/${other.id}/deregister`);
    expect(again.status).toBe(422);
    const entries = (await pickups(user)).all.filter((p) => p.asset.id === other.id);
    expect(entries).toHaveLength(1);
  });

  it('ends the wait on another status, another customer or the asset’s deletion', async () => {
    const edited = await newAsset('Pickup reel edited');
    const moved = await newAsset('Pickup reel moved');
    const deleted = await newAsset('Pickup reel deleted');
    for (const asset of [edited, moved, deleted]) {
      expect((await put(transporter, `/api/assets/${asset.id}/deregister`)).status).toBe(200);
    }
    const listed = (await pickups(admin)).all.map((p) => p.asset.id);
    expect(listed).toEqual(expect.arrayContaining([edited.id, moved.id, deleted.id]));
    const read = async (id: number) => (await call<Asset>('GET', `/api/assets/${id}`, { token: admin })).body;
    const e = await read(edited.id);
    expect(
      (await put(admin, `/api/assets/${edited.id}`, { name: e.name, version: e.version, status: 'registered' })).status,
    ).toBe(200);
    const m = await read(moved.id);
    expect((await put(admin, `/api/assets/${moved.id}`, { name: m.name, version: m.version, client: 2 })).status).toBe(
      200,
    );
    expect((await call('DELETE', `/api/assets/${deleted.id}`, { token: admin })).status).toBe(204);
    const witness = await newAsset('Pickup reel witness 2');
    expect((await put(transporter, `/api/assets/${witness.id}/deregister`)).status).toBe(200);
    const after = (await pickups(admin)).all.map((p) => p.asset.id);
    expect(after).toContain(witness.id);
    expect(after).not.toContain(edited.id);
    expect(after).not.toContain(moved.id);
    expect(after).not.toContain(deleted.id);
  });

  it('shows client users their customer’s pickups only, without zones; other tenants none', async () => {
    const own = await newAsset('Pickup reel customer 1', 1);
    const foreign = await newAsset('Pickup reel customer 2', 2);
    for (const asset of [own, foreign]) {
      expect((await put(transporter, `/api/assets/${asset.id}/deregister`)).status).toBe(200);
    }
    const staff = (await pickups(transporter)).all.map((p) => p.asset.id);
    expect(staff).toEqual(expect.arrayContaining([own.id, foreign.id]));
    const mine = await pickups(client);
    expect(mine.all.map((p) => p.asset.id)).toContain(own.id);
    expect(mine.all.every((p) => p.customer?.id === 1 && p.zone === null)).toBe(true);
    expect(mine.total).toBe(mine.all.length);
    const theirs = (await pickups(acme)).all.map((p) => p.asset.id);
    expect(theirs).not.toContain(own.id);
    expect(theirs).not.toContain(foreign.id);
    // Another tenant's asset does not exist for them: no action on it either.
    expect((await put(acme, `/api/assets/${own.id}/confirm-report`)).status).toBe(404);
    expect(await entryOf(user, own.id)).toBeDefined();
  });

  it('refuses bad paging and no token', async () => {
    expect((await call('GET', '/api/pickups')).status).toBe(401);
    expect((await call('GET', '/api/pickups?itemsPerPage=0', { token: user })).status).toBe(400);
    expect((await call('GET', '/api/pickups?page=-1', { token: user })).status).toBe(400);
    // Beyond the read budget (page × itemsPerPage): refused before anything is read.
    expect((await call('GET', '/api/pickups?page=100000&itemsPerPage=100', { token: user })).status).toBe(422);
    const far = await call<Collection>('GET', '/api/pickups?page=50&itemsPerPage=100', { token: user });
    expect(far.status).toBe(200);
    expect(far.body['hydra:member']).toEqual([]);
  });
});
