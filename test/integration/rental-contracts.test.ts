import { call, tokenOf } from '../harness/api';

/**
 * Rental contracts: the ERP's contract lines by external id. PUT creates or replaces and is idempotent, a
 * stale version answers 409, ids of another tenant are refused as unknown (422), DELETE cancels and keeps the
 * versions; the bulk upsert of 5,000 lines reports every line, writes the valid ones only and writes nothing
 * when sent again. Client users read their own customer's lines and write none; an API credential writes.
 * Runs in demo over whatever is there, with customers of its own (made through the API, unique per run).
 */
type Line = {
  '@id': string;
  externalId: string;
  customer: number;
  asset: number | null;
  assetProfile: number | null;
  quantity: number | null;
  onHire: string;
  status: string;
  version: number;
  changedAt: string;
  dayRate: { amount: string; currency: string } | null;
};
type WithVersions = Line & { versions: Line[] };
type Report = {
  done: number;
  unchanged: number;
  refused: number;
  lines: {
    line: number;
    externalId: string | null;
    result: string;
    version: number | null;
    violations: { propertyPath: string; message: string }[];
  }[];
};
type Collection = { 'hydra:member': Line[]; 'hydra:totalItems': number };
type Violations = { violations: { propertyPath: string; message: string }[] };

const run = Date.now().toString(36);
const idOf = (suffix: string) => `RC-${run}-${suffix}`;

describe('rental contracts', () => {
  let admin: string;
  let client: string;
  let acme: string;
  let demoAsset: number;
  let profile: number;
  let zone: number;
  const demoOnlyIds = { customer: 0, asset: 0, zone: 0 };
  const customers: number[] = [];
  const assets: number[] = [];
  const demoMade: string[] = [];

  const firstId = async (token: string, path: string) => {
    const list = await call<{ 'hydra:member': { id: number }[] }>('GET', path, { token });
    expect(list.status).toBe(200);
    return (list.body['hydra:member'][0] as { id: number }).id;
  };
  /** An id of demo's that acme has none of (ids are counted per tenant): made in demo until one is. */
  const demoOnly = async (path: string, body: Record<string, unknown>) => {
    for (let attempt = 0; attempt < 40; attempt++) {
      const made = await call<{ id: number }>('POST', path, {
        token: admin,
        body: { ...body, name: `${body.name ?? 'x'} ${attempt}` },
      });
      if (made.status !== 201) throw new Error(`POST ${path} in demo: ${made.status} ${JSON.stringify(made.body)}`);
      demoMade.push(`${path}/${made.body.id}`);
      if ((await call('GET', `${path}/${made.body.id}`, { token: acme })).status === 404) return made.body.id;
    }
    throw new Error(`no id of demo's ${path} that acme lacks`);
  };
  const newCustomer = async (label: string) => {
    const body = { company: `Rental ${label} ${run}`, name: 'Rita Rent', email: `rita.${label}.${run}@rent.example` };
    const created = await call<{ id: number }>('POST', '/api/clients', { token: admin, body });
    expect(created.status).toBe(201);
    customers.push(created.body.id);
    return created.body.id;
  };
  const lineFor = (customer: number, extra: Record<string, unknown> = {}) => ({
    customer,
    asset: demoAsset,
    onHire: '2026-03-02',
    expectedReturn: '2026-04-30',
    deliverySite: { address: 'Havenweg 1, Rotterdam', geoZone: zone },
    dayRate: { amount: '12.5', currency: 'eur' },
    ...extra,
  });
  const put = (token: string, externalId: string, body: unknown) =>
    call<Line & Violations>('PUT', `/api/rental-contracts/${externalId}`, { token, body });
  const get = (token: string, externalId: string) =>
    call<WithVersions>('GET', `/api/rental-contracts/${externalId}`, { token });

  beforeAll(async () => {
    [admin, client, acme] = await Promise.all([tokenOf('admin'), tokenOf('client'), tokenOf('acme-admin')]);
    const asset = await call<{ id: number }>('POST', '/api/assets', { token: admin, body: { name: `Rental ${run}` } });
    expect(asset.status).toBe(201);
    demoAsset = asset.body.id;
    assets.push(demoAsset);
    profile = await firstId(admin, '/api/asset-profile-definitions');
    zone = await firstId(admin, '/api/geo-zones');
    demoOnlyIds.customer = await demoOnly('/api/clients', {
      company: `Only demo ${run}`,
      email: `only.${run}@rent.example`,
    });
    demoOnlyIds.asset = await demoOnly('/api/assets', { name: `Only demo ${run}` });
    demoOnlyIds.zone = await demoOnly('/api/geo-zones', {
      name: `Only demo ${run}`,
      geometry: { type: 'Point', coordinates: [4.48, 51.9], radius: 30 },
    });
  });

  afterAll(async () => {
    for (const id of assets) await call('DELETE', `/api/assets/${id}`, { token: admin });
    for (const id of customers) await call('DELETE', `/api/clients/${id}`, { token: admin });
    for (const path of demoMade) await call('DELETE', path, { token: admin });
  });

  it('creates a line by external id, and the same PUT again writes no new version', async () => {
    const customer = await newCustomer('put');
    const first = await put(admin, idOf('put'), lineFor(customer));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      externalId: idOf('put'),
      customer,
      asset: demoAsset,
      quantity: null,
      status: 'active',
      version: 1,
      dayRate: { amount: '12.50', currency: 'EUR' },
    });
    const again = await put(admin, idOf('put'), lineFor(customer));
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ version: 1, changedAt: first.body.changedAt });
    const changed = await put(admin, idOf('put'), lineFor(customer, { offHire: '2026-04-10', version: 1 }));
    expect(changed.body.version).toBe(2);
    const read = await get(admin, idOf('put'));
    expect(read.status).toBe(200);
    expect(read.body.versions.map((v) => v.version)).toEqual([2, 1]);
    expect(read.headers.get('etag')).toBe('"2"');
  });

  it('answers 409 to a save with a stale version and keeps the newer line', async () => {
    const customer = await newCustomer('stale');
    await put(admin, idOf('stale'), lineFor(customer));
    const mine = await put(admin, idOf('stale'), lineFor(customer, { offHire: '2026-04-01', version: 1 }));
    expect(mine.body.version).toBe(2);
    const theirs = await put(admin, idOf('stale'), lineFor(customer, { offHire: '2026-04-20', version: 1 }));
    expect(theirs.status).toBe(409);
    const read = await get(admin, idOf('stale'));
    expect(read.body).toMatchObject({ version: 2, offHire: '2026-04-01' });
    expect(read.body.versions).toHaveLength(2);
  });

  it("refuses another tenant's customer, asset and zone as not found (422), writing nothing", async () => {
    const ids = demoOnlyIds;
    const line = lineFor(ids.customer, { asset: ids.asset, deliverySite: { geoZone: ids.zone } });
    const refused = await put(acme, idOf('foreign'), line);
    expect(refused.status).toBe(422);
    expect(refused.body.violations.map((v) => v.propertyPath).sort()).toEqual([
      'asset',
      'customer',
      'deliverySite.geoZone',
    ]);
    expect((await get(acme, idOf('foreign'))).status).toBe(404);
    expect((await put(admin, idOf('foreign'), line)).status).toBe(200);
    const acmeRead = await get(acme, idOf('put'));
    expect(acmeRead.status).toBe(404);
  });

  it('refuses the bounds of a line with the field to change', async () => {
    const customer = await newCustomer('bounds');
    const refused = await put(
      admin,
      idOf('bounds'),
      lineFor(customer, { expectedReturn: '2026-03-01', offHire: '2026-02-01', assetProfile: profile }),
    );
    expect(refused.status).toBe(422);
    expect(refused.body.violations.map((v) => v.propertyPath).sort()).toEqual([
      'asset',
      'expectedReturn',
      'offHire',
      'quantity',
    ]);
    expect(
      (await call('PUT', '/api/rental-contracts/has%23hash', { token: admin, body: lineFor(customer) })).status,
    ).toBe(404);
  });

  it('cancels a line on DELETE: the line stays, cancelled, with its versions, and lists by status', async () => {
    const customer = await newCustomer('cancel');
    await put(admin, idOf('cancel'), lineFor(customer));
    expect((await call('DELETE', `/api/rental-contracts/${idOf('cancel')}`, { token: admin })).status).toBe(204);
    expect((await call('DELETE', `/api/rental-contracts/${idOf('cancel')}`, { token: admin })).status).toBe(204);
    const read = await get(admin, idOf('cancel'));
    expect(read.body.status).toBe('cancelled');
    expect(read.body.versions.map((v) => [v.version, v.status])).toEqual([
      [2, 'cancelled'],
      [1, 'active'],
    ]);
    expect((await call('DELETE', `/api/rental-contracts/${idOf('never')}`, { token: admin })).status).toBe(404);
    await put(admin, idOf('still'), lineFor(customer));
    const listed = async (status: string) => {
      const path = `/api/clients/${customer}/rental-contracts?status=${status}`;
      const list = await call<Collection>('GET', path, { token: admin });
      return [list.body['hydra:totalItems'], list.body['hydra:member'].map((line) => line.externalId)];
    };
    expect(await listed('cancelled')).toEqual([1, [idOf('cancel')]]);
    expect(await listed('active')).toEqual([1, [idOf('still')]]);
    const unknown = await call<Violations>('GET', `/api/clients/${customer}/rental-contracts?status=gone`, {
      token: admin,
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.violations[0]?.propertyPath).toBe('status');
  });

  it("lets a client user read only their own customer's lines, and write none", async () => {
    const other = await newCustomer('other');
    await put(admin, idOf('own'), lineFor(1));
    await put(admin, idOf('theirs'), lineFor(other));
    expect((await get(client, idOf('own'))).status).toBe(200);
    expect((await get(client, idOf('theirs'))).status).toBe(404);
    expect((await call('GET', `/api/clients/${other}/rental-contracts`, { token: client })).status).toBe(404);
    const own = await call<Collection>('GET', '/api/clients/1/rental-contracts?itemsPerPage=100', { token: client });
    expect(own.status).toBe(200);
    expect(own.body['hydra:member'].every((line) => line.customer === 1)).toBe(true);
    expect(own.body['hydra:member'].map((line) => line.externalId)).toContain(idOf('own'));
    const staff = await call<Collection>('GET', `/api/assets/${demoAsset}/rental-contracts?itemsPerPage=100`, {
      token: admin,
    });
    expect(staff.body['hydra:member'].map((line) => line.externalId)).toEqual(
      expect.arrayContaining([idOf('own'), idOf('theirs')]),
    );
    expect((await put(client, idOf('own'), lineFor(1, { offHire: '2026-03-03' }))).status).toBe(403);
    expect((await call('DELETE', `/api/rental-contracts/${idOf('own')}`, { token: client })).status).toBe(403);
    const bulk = await call('POST', '/api/rental-contracts/bulk', { token: client, body: { lines: [lineFor(1)] } });
    expect(bulk.status).toBe(403);
    expect((await get(admin, idOf('own'))).body.version).toBe(1);
  });

  it('takes a line from an API credential', async () => {
    const customer = await newCustomer('machine');
    const credential = await call<{ id: number; client_id: string; client_secret: string }>('POST', '/api/tokens', {
      token: admin,
      body: { name: `Rental ERP ${run}` },
    });
    expect(credential.status).toBe(201);
    const issued = await call<{ access_token: string }>('POST', '/api/oauth/token', {
      body: {
        grant_type: 'client_credentials',
        client_id: credential.body.client_id,
        client_secret: credential.body.client_secret,
      },
    });
    const machine = issued.body.access_token;
    const saved = await put(machine, idOf('machine'), lineFor(customer));
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ version: 1, changedBy: 0 });
    const bulk = await call<Report>('POST', '/api/rental-contracts/bulk', {
      token: machine,
      body: { lines: [{ externalId: idOf('machine'), ...lineFor(customer) }] },
    });
    expect(bulk.body).toMatchObject({ done: 0, unchanged: 1, refused: 0 });
    await call('DELETE', `/api/tokens/${credential.body.id}`, { token: admin });
  });
});
