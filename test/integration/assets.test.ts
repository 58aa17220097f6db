import { mapMarkerSchema } from '../../shared/schemas/asset-map';
import { call, tokenOf } from '../harness/api';
import { readMap } from '../harness/asset-map';

/** GET /api/assets filters, sorts and paging, updates with references, actions and their 422 texts (spec 000). */
type Asset = {
  id: number;
  version: number;
  name: string;
  reference: string | null;
  logical_id: number | null;
  scheduled: string | null;
  days_outside_geo_zone: number | null;
  client: { id: number; company: string | null } | null;
  geo_zone: { id: number; name: string | null } | null;
  devices: { id: number; name: string | null; dev_eui: string }[];
  status: { id: number; status: string } | null;
  last_event: { latitude: number | null; longitude: number | null; geo_zone: unknown } | null;
};
type Collection = { 'hydra:member': Asset[]; 'hydra:totalItems': number; 'hydra:view'?: Record<string, string> };
type Violations = { violations: { propertyPath: string; message: string }[] };

const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('assets API', () => {
  let admin: string;
  const list = (query: string) => call<Collection>('GET', `/api/assets?${query}`, { token: admin });
  const all = async (query = '') => (await list(`pagination=false&${query}`)).body['hydra:member'];
  const create = async (body: Record<string, unknown>) => {
    const response = await call<Asset>('POST', '/api/assets', { token: admin, body });
    expect(response.status).toBe(201);
    return response.body;
  };
  const update = (asset: Pick<Asset, 'id' | 'version' | 'name'>, body: Record<string, unknown>) =>
    call<Asset & Violations>('PUT', `/api/assets/${asset.id}`, {
      token: admin,
      body: { name: asset.name, version: asset.version, ...body },
    });

  beforeAll(async () => {
    admin = await tokenOf('admin');
  });

  describe('filters', () => {
    /**
     * Each filter's answer is compared with the set it must be, computed here from the unfiltered list read at
     * the same moment: a filter that drops matching rows fails as surely as one that lets others through.
     */
    const idsOf = (assets: Asset[]) => assets.map((a) => a.id).sort((x, y) => x - y);
    const expectFiltered = async (query: string, everything: Asset[], keep: (a: Asset) => boolean) => {
      const expected = idsOf(everything.filter(keep));
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(everything.length);
      const response = await list(`pagination=false&${query}`);
      expect([query, idsOf(response.body['hydra:member'])]).toEqual([query, expected]);
      expect(response.body['hydra:totalItems']).toBe(expected.length);
    };
    const named = (needle: string) => (a: Asset) => `${a.name}\n${a.reference ?? ''}`.toLowerCase().includes(needle);

    it('searches name and reference, case-insensitively', async () => {
      const everything = await all();
      const sample = everything.find((a) => a.reference && a.name) as Asset;
      await expectFiltered(
        `search=${encodeURIComponent(sample.name.toUpperCase())}`,
        everything,
        named(sample.name.toLowerCase()),
      );
      const part = (sample.reference as string).slice(2, 8).toLowerCase();
      await expectFiltered(`search=${encodeURIComponent(part)}`, everything, named(part));
      expect((await list('search=no-such-asset-anywhere')).body['hydra:totalItems']).toBe(0);
    });

    it('filters by id, logicalId and daysOutsideGeoZone', async () => {
      const byId = await list('id=7');
      expect(byId.body['hydra:totalItems']).toBe(1);
      expect(byId.body['hydra:member'][0]?.id).toBe(7);
      expect(byId.headers.get('x-items-read')).toBe('1');
      const everything = await all();
      const logical = everything.find((a) => a.logical_id !== null) as Asset;
      await expectFiltered(`logicalId=${logical.logical_id}`, everything, (a) => a.logical_id === logical.logical_id);
      await expectFiltered('daysOutsideGeoZone=0', everything, (a) => a.days_outside_geo_zone === 0);
    });

    it('answers "Must be a number" for non-numeric id, logicalId and daysOutsideGeoZone', async () => {
      for (const [param, value] of [
        ['id', 'abc'],
        ['id', '1.5'],
        ['logicalId', '12x'],
        ['daysOutsideGeoZone', 'many'],
      ]) {
        const response = await call<Violations>('GET', `/api/assets?${param}=${value}`, { token: admin });
        expect(response.status).toBe(422);
        expect(response.body.violations).toContainEqual({ propertyPath: param, message: 'Must be a number' });
      }
    });

    it('filters by scheduled[after] and scheduled[before], whole days inclusive', async () => {
      const everything = await all();
      const scheduled = everything.filter((a) => a.scheduled).map((a) => (a.scheduled as string).slice(0, 10));
      scheduled.sort();
      const from = scheduled[Math.floor(scheduled.length / 4)] as string;
      const to = scheduled[Math.floor((scheduled.length * 3) / 4)] as string;
      const day = (a: Asset) => a.scheduled?.slice(0, 10) ?? '';
      await expectFiltered(`scheduled[after]=${from}&scheduled[before]=${to}`, everything, (a) =>
        Boolean(a.scheduled && day(a) >= from && day(a) <= to),
      );
      const bad = await call<Violations>('GET', '/api/assets?scheduled[after]=31-12-2026', { token: admin });
      expect(bad.status).toBe(422);
      expect(bad.body.violations).toContainEqual({ propertyPath: 'scheduled[after]', message: 'Invalid date format' });
    });

    it('filters by client (id or IRI) and status value', async () => {
      const everything = await all();
      const ofClient = (a: Asset) => a.client?.id === 1;
      const delivered = (a: Asset) => a.status?.status === 'delivered';
      await expectFiltered('client=1', everything, ofClient);
      await expectFiltered(`client=${encodeURIComponent('/api/clients/1')}`, everything, ofClient);
      await expectFiltered('status=delivered', everything, delivered);
      await expectFiltered(
        'client=1&status=delivered&order[reference]=asc',
        everything,
        (a) => ofClient(a) && delivered(a),
      );
      expect((await list('status=lost')).status).toBe(422);
    });
  });

  describe('sorting and paging', () => {
    const keys: Record<string, (a: Asset) => string | number> = {
      reference: (a) => (a.reference ?? '').toLowerCase(),
      scheduled: (a) => a.scheduled ?? '',
      days_outside_geo_zone: (a) => a.days_outside_geo_zone ?? Number.NEGATIVE_INFINITY,
      'client.company': (a) => (a.client?.company ?? '').toLowerCase(),
    };

    it('opens sorted by days outside geo zone, descending', async () => {
      const members = (await list('itemsPerPage=20')).body['hydra:member'];
      const days = members.map((a) => a.days_outside_geo_zone as number);
      expect(days).toEqual([...days].sort((x, y) => y - x));
    });

    it.each(['reference', 'scheduled', 'days_outside_geo_zone', 'client.company', 'cable_length'])(
      'sorts by %s both ways, reading one page of the index for page 1 and its items by key',
      async (field) => {
        for (const direction of ['asc', 'desc']) {
          const response = await list(`itemsPerPage=20&order[${field}]=${direction}`);
          expect(response.status).toBe(200);
          // 20 entries of the list index (INCLUDE, ~0.2 kB each), then the 20 items by BatchGetItem.
          expect(response.headers.get('x-items-read')).toBe('40');
          const members = response.body['hydra:member'];
          expect(members).toHaveLength(20);
          const key = keys[field];
          if (!key) continue; // cable_length is not part of the API shape
          for (let i = 1; i < members.length; i++) {
            const [a, b] = [key(members[i - 1] as Asset), key(members[i] as Asset)];
            expect(direction === 'asc' ? a <= b : a >= b).toBe(true);
          }
        }
      },
    );

    it('pages without overlap and with Hydra links', async () => {
      const first = await list('itemsPerPage=25&order[reference]=asc');
      const second = await list('itemsPerPage=25&order[reference]=asc&page=2');
      const both = await list('itemsPerPage=50&order[reference]=asc');
      expect([...first.body['hydra:member'], ...second.body['hydra:member']].map((a) => a.id)).toEqual(
        both.body['hydra:member'].map((a) => a.id),
      );
      expect(second.body['hydra:totalItems']).toBeGreaterThanOrEqual(300);
      expect(second.body['hydra:view']?.['hydra:previous']).toContain('page=1');
    });

    it('pages a filtered list with its own total', async () => {
      const total = (await list('client=1')).body['hydra:totalItems'];
      const pages = [];
      for (let page = 1; page <= Math.ceil(total / 10); page++) {
        pages.push(...(await list(`client=1&itemsPerPage=10&page=${page}`)).body['hydra:member']);
      }
      expect(pages).toHaveLength(total);
      expect(new Set(pages.map((a) => a.id)).size).toBe(total);
    });
  });

  describe('create and update', () => {
    it('takes customer, devices, geo zone, schedule and status, and resets the status on a new customer', async () => {
      const zone = (await all()).find((a) => a.geo_zone)?.geo_zone as { id: number };
      const created = await create({ name: 'Update test reel', status: 'deregistered' });
      expect(created.status?.status).toBe('deregistered');
      const scheduled = dayOffset(10);
      const updated = await update(created, {
        client: '/api/clients/1',
        geo_zone: zone.id,
        scheduled,
        status: 'delivered',
      });
      expect(updated.status).toBe(200);
      expect(updated.body.client?.id).toBe(1);
      expect(updated.body.client?.company).toEqual(expect.any(String));
      expect(updated.body.geo_zone?.id).toBe(zone.id);
      expect(updated.body.scheduled).toBe(`${scheduled}T12:00:00.000Z`);
      expect(updated.body.status?.status).toBe('registered');
      const same = await update(updated.body, { client: 1, status: 'delivered' });
      expect(same.body.status?.status).toBe('delivered');
      const cleared = await update(same.body, { client: null, geo_zone: '' });
      expect(cleared.body.client).toBeNull();
      expect(cleared.body.geo_zone).toBeNull();
    });

    it('links devices and keeps their summaries on the asset', async () => {
      const donor = (await call<Asset>('GET', '/api/assets/299', { token: admin })).body;
      const device = donor.devices[0] as Asset['devices'][number];
      const created = await create({ name: 'Device test reel', devices: [device.id] });
      expect(created.devices).toEqual([expect.objectContaining({ id: device.id, dev_eui: device.dev_eui })]);
      const after = (await call<Asset>('GET', '/api/assets/299', { token: admin })).body;
      expect(after.devices.map((d) => d.id)).not.toContain(device.id);
      const detached = await update(created, { devices: [] });
      expect(detached.body.devices).toEqual([]);
    });

    it('answers 422 with a message on the field for unknown references and past dates', async () => {
      const created = await create({ name: 'Reference test reel' });
      const response = await update(created, {
        client: 99999,
        devices: [1, 99999],
        geo_zone: 99999,
        status: 'lost',
      });
      expect(response.status).toBe(422);
      const past = await update(created, { scheduled: dayOffset(-3) });
      expect(past.body.violations).toContainEqual({
        propertyPath: 'scheduled',
        message: 'The scheduled date cannot be in the past',
      });
      const refs = await update(created, { client: 99999, devices: [1, 99999], geo_zone: 99999 });
      expect(refs.status).toBe(422);
      expect(refs.body.violations).toEqual(
        expect.arrayContaining([
          { propertyPath: 'client', message: 'This customer does not exist' },
          { propertyPath: 'devices[1]', message: 'This device does not exist' },
          { propertyPath: 'geo_zone', message: 'This geo zone does not exist' },
        ]),
      );
      const unchanged = await call<Asset>('GET', `/api/assets/${created.id}`, { token: admin });
      expect(unchanged.body.version).toBe(created.version);
    });

    it('answers 409 for a stale version and changes nothing', async () => {
      const created = await create({ name: 'Version test reel' });
      const first = await update(created, { reference: 'V-1' });
      expect(first.status).toBe(200);
      const stale = await update(created, { reference: 'V-2' });
      expect(stale.status).toBe(409);
      const action = await call('PUT', `/api/assets/${created.id}/deregister`, {
        token: admin,
        body: { version: created.version },
      });
      expect(action.status).toBe(409);
      const now = await call<Asset>('GET', `/api/assets/${created.id}`, { token: admin });
      expect(now.body.reference).toBe('V-1');
      expect(now.body.status).toBeNull();
    });
  });

  describe('actions', () => {
    it('reports delivered once, only with a customer: "Asset is delivered" otherwise', async () => {
      const withoutClient = await create({ name: 'Delivered test reel A' });
      const refused = await call<Violations>('PUT', `/api/assets/${withoutClient.id}/delivered`, { token: admin });
      expect(refused.status).toBe(422);
      expect(refused.body.violations).toEqual([{ propertyPath: 'status', message: 'Asset is delivered' }]);
      const withClient = await create({ name: 'Delivered test reel B', client: 1 });
      expect(withClient.status?.status).toBe('registered');
      const done = await call<Asset>('PUT', `/api/assets/${withClient.id}/delivered`, { token: admin });
      expect(done.status).toBe(200);
      expect(done.body.status?.status).toBe('send_delivered');
      const again = await call<Violations>('PUT', `/api/assets/${withClient.id}/delivered`, { token: admin });
      expect(again.body.violations?.[0]?.message).toBe('Asset is delivered');
    });

    it('reports empty once: "Asset is signed off" afterwards', async () => {
      const created = await create({ name: 'Deregister test reel' });
      const done = await call<Asset>('PUT', `/api/assets/${created.id}/deregister`, {
        token: admin,
        body: { version: created.version },
      });
      expect(done.body.status?.status).toBe('send_deregistered');
      const again = await call<Violations>('PUT', `/api/assets/${created.id}/deregister`, { token: admin });
      expect(again.status).toBe(422);
      expect(again.body.violations?.[0]?.message).toBe('Asset is signed off');
      const delivered = await call<Violations>('PUT', `/api/assets/${created.id}/delivered`, { token: admin });
      expect(delivered.body.violations?.[0]?.message).toBe('Asset is delivered');
    });

    it('resets the days outside the geo zone to 0', async () => {
      const top = (await list('itemsPerPage=1')).body['hydra:member'][0] as Asset;
      expect(top.days_outside_geo_zone).toBeGreaterThan(0);
      const reset = await call<Asset>('PUT', `/api/assets/${top.id}/days-outside-geo-zone/reset`, {
        token: await tokenOf('user'),
      });
      expect(reset.status).toBe(200);
      expect(reset.body.days_outside_geo_zone).toBe(0);
      expect(reset.body.version).toBe(top.version + 1);
    });
  });

  describe('map and statuses', () => {
    it('lists the assets with a position as compact marker tuples', async () => {
      const { markers, pages } = await readMap(admin);
      expect(pages.map((page) => page.status)).toEqual([200]);
      expect(markers.length).toBeGreaterThan(250);
      for (const marker of markers) expect(mapMarkerSchema.safeParse(marker).success).toBe(true);
    });

    it('lists the asset statuses, searchable', async () => {
      const response = await call<{ 'hydra:member': { status: string }[] }>('GET', '/api/asset-statuses', {
        token: admin,
      });
      expect(response.body['hydra:member'].map((s) => s.status)).toEqual(
        expect.arrayContaining(['registered', 'moving', 'deregistered', 'delivered', 'send_delivered']),
      );
      const searched = await call<{ 'hydra:member': { status: string }[] }>('GET', '/api/asset-statuses?search=DELIV', {
        token: admin,
      });
      expect(searched.body['hydra:member'].map((s) => s.status).sort()).toEqual(['delivered', 'send_delivered']);
    });
  });
});
