import { handlerEnvironment, type PortName } from '../../scripts/local/config';
import { MESSAGES } from '../../shared/errors';
import { CONNECTIVITY_RANK, type Connectivity } from '../../shared/schemas/connectivity';
import { DEVICE_SORT_FIELDS } from '../../shared/schemas/device';
import { call, tokenOf } from '../harness/api';
import { readStack } from '../harness/stack';

/**
 * GET /api/devices (docs/data-model.md "Device list"): every order and filter against a tenant of 600 devices
 * (more than the filtered read budget of 500) seeded by the benchmark's seed, with the items each page reads.
 */
type Device = {
  id: number;
  logical_id: number | null;
  name: string | null;
  model: string | null;
  dev_eui: string;
  barcode: string | null;
  asset: { id: number; name: string } | null;
  battery_level_low: boolean;
  activation_date: string | null;
  connectivity: Connectivity;
};
type Collection = { 'hydra:member': Device[]; 'hydra:totalItems': number; 'hydra:view'?: Record<string, string> };

const COUNT = 600;
const lower = (value: string | null | undefined) => (value ?? '').toLowerCase();
/** The value each order sorts by, as its index key holds it (ties by id). */
const SORT_VALUE: Record<(typeof DEVICE_SORT_FIELDS)[number], (d: Device) => string> = {
  'asset.name': (d) => (d.asset ? `1#${lower(d.asset.name)}` : '0#'),
  name: (d) => lower(d.name),
  model: (d) => lower(d.model),
  devEui: (d) => d.dev_eui,
  batteryLevelLow: (d) => (d.battery_level_low ? '1' : '0'),
  activationDate: (d) => d.activation_date ?? '',
  connectivity: (d) => String(CONNECTIVITY_RANK[d.connectivity]),
};
const sorted = (devices: Device[], field: keyof typeof SORT_VALUE, direction: 'asc' | 'desc') => {
  const sign = direction === 'asc' ? 1 : -1;
  const key = (d: Device) => `${SORT_VALUE[field](d)}#${String(d.id).padStart(10, '0')}`;
  return [...devices].sort((a, b) => (key(a) < key(b) ? -sign : key(a) > key(b) ? sign : 0));
};

describe('device list', () => {
  let superadmin: string;
  let headers: Record<string, string>;
  let all: Device[];
  let tenantId: number;
  const list = (query: string, token = superadmin) =>
    call<Collection>('GET', `/api/devices?${query}`, { token, headers });
  const read = (response: { headers: Headers }) => Number(response.headers.get('x-items-read'));
  const ids = (devices: Device[]) => devices.map((d) => d.id);

  beforeAll(async () => {
    superadmin = await tokenOf('superadmin');
    const stack = readStack();
    for (const [name, value] of Object.entries(stack.ports)) process.env[name as PortName] = String(value);
    Object.assign(process.env, handlerEnvironment(stack));
    const { ensureDeviceBenchTenant } = await import('../../scripts/bench/seed-devices');
    const tenant = await ensureDeviceBenchTenant({ subdomain: 'it-device-list', deviceCount: COUNT });
    tenantId = tenant.tenantId;
    headers = { 'x-tenant-id': String(tenant.tenantId) };
    const everything = await list('pagination=false');
    all = everything.body['hydra:member'];
    expect(all).toHaveLength(COUNT);
    expect(everything.body['hydra:totalItems']).toBe(COUNT);
    expect(everything.body['hydra:view']).toBeUndefined();
  }, 240_000);

  it('pages 20 at a time in id order, page 1 reading one page', async () => {
    const first = await list('');
    expect(ids(first.body['hydra:member'])).toEqual(ids(all.slice(0, 20)));
    expect(first.body['hydra:totalItems']).toBe(COUNT);
    expect(read(first)).toBe(20);
    expect(first.headers.get('x-total-exact')).toBe('true');
    expect(first.body['hydra:view']?.['hydra:last']).toContain('page=30');
    const third = await list('page=3');
    expect(ids(third.body['hydra:member'])).toEqual(ids(all.slice(40, 60)));
    expect(read(third)).toBe(60);
  });

  it.each(
    DEVICE_SORT_FIELDS.flatMap((field) => (['asc', 'desc'] as const).map((direction) => [field, direction] as const)),
  )('orders by %s %s, page 1 reading one page', async (field, direction) => {
    const expected = sorted(all, field, direction);
    const first = await list(`order[${field}]=${direction}`);
    expect(first.status).toBe(200);
    expect(ids(first.body['hydra:member'])).toEqual(ids(expected.slice(0, 20)));
    // Every order has its index (connectivity its keys-only gsi15 since decision 0277, moved with the stored
    // state): 20 entries, then the page's 20 devices by key, whatever the tenant's size.
    expect(read(first)).toBe(40);
    const second = await list(`order[${field}]=${direction}&page=2`);
    expect(ids(second.body['hydra:member'])).toEqual(ids(expected.slice(20, 40)));
  });

  it.each([
    ['asset[exists]=true', true],
    ['exists[asset]=true', true],
    ['asset[exists]=false', false],
    ['exists[asset]=false', false],
  ] as const)('filters %s in id order and in asset-name order', async (query, hasAsset) => {
    const matching = all.filter((d) => (d.asset !== null) === hasAsset);
    const byId = await list(query);
    expect(ids(byId.body['hydra:member'])).toEqual(ids(matching.slice(0, 20)));
    const byName = await list(`${query}&order[asset.name]=asc&pagination=false`);
    expect(ids(byName.body['hydra:member'])).toEqual(ids(sorted(matching, 'asset.name', 'asc')));
    expect(byName.body['hydra:totalItems']).toBe(matching.length);
  });

  it('searches name, model, DEVEUI (with separators), barcode and asset name, with exact totals when few match', async () => {
    const sample = all.find((d) => d.barcode && d.asset) as Device;
    const cases: [string, (d: Device) => boolean][] = [
      [sample.name as string, (d) => lower(d.name).includes(lower(sample.name))],
      [
        sample.dev_eui
          .slice(8)
          .replace(/(..)(?!$)/g, '$1:')
          .toLowerCase(),
        (d) => d.dev_eui.includes(sample.dev_eui.slice(8)),
      ],
      [sample.barcode as string, (d) => lower(d.barcode).includes(lower(sample.barcode))],
      ['oyster', (d) => lower(d.model).includes('oyster')],
      [(sample.asset as { name: string }).name, (d) => lower(d.asset?.name).includes(lower(sample.asset?.name))],
    ];
    for (const [search, matches] of cases) {
      const answer = await list(`search=${encodeURIComponent(search)}&order[devEui]=asc`);
      const expected = sorted(all.filter(matches), 'devEui', 'asc');
      expect(ids(answer.body['hydra:member'])).toEqual(ids(expected.slice(0, 20)));
      // A common word (a model) fills the page within the read budget: its total is then a lower bound.
      if (answer.headers.get('x-total-exact') === 'false') {
        expect(answer.body['hydra:totalItems']).toBeGreaterThan(20);
        expect(answer.body['hydra:totalItems']).toBeLessThan(expected.length);
      } else expect(answer.body['hydra:totalItems']).toBe(expected.length);
    }
    // A 3-character search: its one posting counts it exactly; the page fills after a few reads in order.
    const broad = await list('search=tag');
    expect(broad.body['hydra:member']).toHaveLength(20);
    expect(broad.headers.get('x-total-exact')).toBe('true');
    expect(broad.body['hydra:totalItems']).toBe(COUNT);
    expect(read(broad)).toBeLessThan(60);
  });

  it('filters by id and logicalId (admins only) and refuses non-integers', async () => {
    const target = all[123] as Device;
    const byId = await list(`id=${target.id}`);
    expect(ids(byId.body['hydra:member'])).toEqual([target.id]);
    expect(read(byId)).toBe(1);
    const byLogical = await list(`logicalId=${target.logical_id}`);
    expect(ids(byLogical.body['hydra:member'])).toEqual([target.id]);
    for (const query of ['id=abc', 'logicalId=1.5']) {
      const refused = await list(query);
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ violations: [{ message: MESSAGES.mustBeNumber }] });
    }
  });

  it('ignores logicalId for a non-admin user', async () => {
    const user = await tokenOf('user');
    const own = await call<Collection>('GET', '/api/devices?logicalId=abc', { token: user });
    expect(own.status).toBe(200);
    const unfiltered = await call<Collection>('GET', '/api/devices', { token: user });
    expect(own.body['hydra:totalItems']).toBe(unfiltered.body['hydra:totalItems']);
  });

  it('finds a device by its DEVEUI for the event pipeline, through the claim', async () => {
    const { findDeviceByDevEui } = await import('../../functions/lib/devices/device-repository');
    const target = all[77] as Device;
    const found = await findDeviceByDevEui(target.dev_eui.toLowerCase());
    expect(found).toMatchObject({ tenantId: String(tenantId), device: { id: target.id, dev_eui: target.dev_eui } });
    expect(found?.device).not.toHaveProperty('pk');
    expect(await findDeviceByDevEui('FFFFFFFFFFFFFFF0')).toBeUndefined();
  });
});
