import { randomBytes } from 'node:crypto';
import { handler as silentTagJob } from '../../functions/jobs/silent-tags';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { recountDeviceFlags } from '../../functions/lib/devices/device-flag-recount';
import type { Connectivity } from '../../shared/schemas/connectivity';
import { DEVICE_FLAG_FILTER_INVALID } from '../../shared/schemas/device';
import { call } from '../harness/api';
import { pointProcessAtStack, readStack } from '../harness/stack';
import { createSweepTenant, removeSweepTenant, type SweepTenant } from '../harness/sweep/sweep-tenant';
import { publishMqtt, waitFor } from '../harness/uplinks';

/**
 * The device list filters through the local stack, in two tenants of their own: asset[exists],
 * batteryLevelLow, sabotaged and connectivity each answer exactly the expected set (in the order asked) with an
 * exact total from the tenant's counts, after every kind of writer moved a flag: device create, update and
 * delete, the asset form, the CSV import, the pipeline (real uplinks flipping battery and sabotage), the
 * silent-tag job and the sabotage reset. After each step a recount of the tenant (dry run) finds nothing to
 * change: the counts never drifted.
 */
type Device = {
  id: number;
  name: string | null;
  asset: { id: number } | null;
  battery_level_low: boolean;
  is_sabotaged: boolean;
  connectivity: Connectivity;
  last_event: { date: string } | null;
  version: number;
  dev_eui: string;
};
type Collection = { 'hydra:member': Device[]; 'hydra:totalItems': number };

const HOUR = 3_600_000;
const FILTERS: [string, (d: Device) => boolean][] = [
  ['asset[exists]=true', (d) => d.asset !== null],
  ['asset[exists]=false', (d) => d.asset === null],
  ['batteryLevelLow=true', (d) => d.battery_level_low],
  ['batteryLevelLow=false', (d) => !d.battery_level_low],
  ['sabotaged=true', (d) => d.is_sabotaged],
  ['sabotaged=false', (d) => !d.is_sabotaged],
  ['connectivity=online', (d) => d.connectivity === 'online'],
  ['connectivity=late,silent', (d) => d.connectivity === 'late' || d.connectivity === 'silent'],
  ['connectivity=never', (d) => d.connectivity === 'never'],
];

describe('device list filters with exact totals', () => {
  let a: SweepTenant;
  let b: SweepTenant;
  type Tag = { id: number; devEui: string };
  const tags = {} as Record<'Alpha' | 'Bravo' | 'Charlie' | 'Delta' | 'Echo' | 'Foxtrot' | 'Other', Tag>;
  let assetId: number;

  const api = <T = Record<string, unknown>>(as: SweepTenant, method: string, path: string, body?: unknown) =>
    call<T>(method, path, { ...as.superAdmin, ...(body === undefined ? {} : { body }) });
  const everything = async (as: SweepTenant) =>
    (await api<Collection>(as, 'GET', '/api/devices?pagination=false')).body['hydra:member'];
  const newTag = async (as: SweepTenant, name: string, asset?: number) => {
    const devEui = randomBytes(8).toString('hex').toUpperCase();
    const created = await api<Device>(as, 'POST', '/api/devices', { name, dev_eui: devEui, asset });
    expect(created.status).toBe(201);
    return { id: created.body.id, devEui };
  };
  const device = async (id: number) => (await api<Device>(a, 'GET', `/api/devices/${id}`)).body;

  /** Every filter, in two orders: the expected set in that order, its total, exact; the counts recount unchanged. */
  async function expectFiltersHold(as: SweepTenant) {
    const all = await everything(as);
    const key = (d: Device) => `${(d.name ?? '').toLowerCase()}#${String(d.id).padStart(10, '0')}`;
    const byName = (x: Device, y: Device) => (key(x) < key(y) ? -1 : key(x) > key(y) ? 1 : 0);
    for (const [query, keep] of FILTERS) {
      const expected = all.filter(keep);
      const inIdOrder = await api<Collection>(as, 'GET', `/api/devices?${query}&itemsPerPage=100`);
      expect({ query, ids: inIdOrder.body['hydra:member'].map((d) => d.id) }).toEqual({
        query,
        ids: expected.map((d) => d.id),
      });
      expect({ query, total: inIdOrder.body['hydra:totalItems'] }).toEqual({ query, total: expected.length });
      expect(inIdOrder.headers.get('x-total-exact')).toBe('true');
      const byNameDesc = await api<Collection>(as, 'GET', `/api/devices?${query}&order[name]=desc&itemsPerPage=100`);
      expect(byNameDesc.body['hydra:member'].map((d) => d.id)).toEqual(
        [...expected]
          .sort(byName)
          .reverse()
          .map((d) => d.id),
      );
      expect(byNameDesc.body['hydra:totalItems']).toBe(expected.length);
    }
    const recount = await recountDeviceFlags(systemTenantContext(as.tenantId), { dryRun: true });
    const stored = Object.fromEntries(Object.entries(recount.before).map(([name, n]) => [name, n ?? 0]));
    expect({ changed: recount.changed, stored }).toEqual({ changed: false, stored: recount.counts });
    return all;
  }

  let lastAt = 0;
  const uplink = async (tag: { id: number; devEui: string }, extra: Record<string, unknown>) => {
    // Whole seconds, each later than the one before (an uplink no newer than the last changes nothing).
    lastAt = Math.max(lastAt + 1000, Math.floor(Date.now() / 1000) * 1000 - 1000);
    const at = new Date(lastAt);
    await publishMqtt({ devEui: tag.devEui, at, payload: { eventType: 'still', ...extra } });
    return waitFor(
      () => device(tag.id),
      (d) => d.last_event?.date === at.toISOString(),
    );
  };
  const runJob = (now: string) => silentTagJob({ now, tenants: [String(a.tenantId)] });

  beforeAll(async () => {
    // The silent-tag job and the recount run in this process, against the test stack's table and bus.
    pointProcessAtStack();
    [a, b] = await Promise.all([createSweepTenant('device filters'), createSweepTenant('device filters other')]);
    const asset = await api<{ id: number }>(a, 'POST', '/api/assets', { name: 'Reel F-1' });
    assetId = asset.body.id;
    for (const name of ['Alpha', 'Bravo', 'Charlie'] as const) tags[name] = await newTag(a, name, assetId);
    for (const name of ['Delta', 'Echo', 'Foxtrot'] as const) tags[name] = await newTag(a, name);
    tags.Other = await newTag(b, 'Other', undefined);
  }, 120_000);

  afterAll(async () => {
    await removeSweepTenant(a);
    await removeSweepTenant(b);
  });

  it('count devices created with and without an asset', async () => {
    const all = await expectFiltersHold(a);
    expect(all.filter((d) => d.asset).map((d) => d.name)).toEqual(['Alpha', 'Bravo', 'Charlie']);
  });

  it('move the asset count with device saves, asset saves and device deletes', async () => {
    const charlie = await device(tags.Charlie.id);
    expect((await api(a, 'PUT', `/api/devices/${charlie.id}`, { asset: null, version: charlie.version })).status).toBe(
      200,
    );
    const delta = await device(tags.Delta.id);
    expect((await api(a, 'PUT', `/api/devices/${delta.id}`, { asset: assetId, version: delta.version })).status).toBe(
      200,
    );
    await expectFiltersHold(a);
    // The asset form: Echo joins, Alpha leaves (the other side of the link).
    const asset = (await api<{ version: number }>(a, 'GET', `/api/assets/${assetId}`)).body;
    const saved = await api(a, 'PUT', `/api/assets/${assetId}`, {
      name: 'Reel F-1',
      devices: [tags.Bravo.id, tags.Delta.id, tags.Echo.id],
      version: asset.version,
    });
    expect(saved.status).toBe(200);
    await expectFiltersHold(a);
    const bravo = await device(tags.Bravo.id);
    expect((await api(a, 'DELETE', `/api/devices/${bravo.id}`, undefined)).status).toBe(204);
    await expectFiltersHold(a);
  });

  it('count imported devices', async () => {
    const devEuis = [1, 2].map(() => randomBytes(8).toString('hex').toUpperCase());
    const form = new FormData();
    form.append(
      'files',
      new Blob([`deveui,name\n${devEuis[0]},Golf\n${devEuis[1]},Hotel\n`], { type: 'text/csv' }),
      'x.csv',
    );
    const response = await fetch(`${readStack().apiUrl}/api/tenants/${a.tenantId}/devices/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.superAdmin.token}` },
      body: form,
    });
    expect(response.status).toBe(200);
    const all = await expectFiltersHold(a);
    expect(all.map((d) => d.name)).toEqual(expect.arrayContaining(['Golf', 'Hotel']));
  });

  it('move the battery, sabotage and connectivity counts with the pipeline’s flips from real uplinks', async () => {
    await uplink(tags.Alpha, { sabotaged: true, batteryLow: true });
    await uplink(tags.Delta, { batteryLow: true });
    await uplink(tags.Echo, {});
    const all = await expectFiltersHold(a);
    expect(all.filter((d) => d.battery_level_low).map((d) => d.name)).toEqual(['Alpha', 'Delta']);
    expect(all.filter((d) => d.connectivity === 'online').map((d) => d.name)).toEqual(['Alpha', 'Delta', 'Echo']);
    // Battery follows the tag; sabotage latches until a person resets it.
    await uplink(tags.Alpha, { sabotaged: false, batteryLow: false });
    expect(await device(tags.Alpha.id)).toMatchObject({ battery_level_low: false, is_sabotaged: true });
    await expectFiltersHold(a);
  });

  it('move the connectivity counts with the silent-tag job, and back with the next uplink', async () => {
    const late = await runJob(new Date(Date.now() + 18 * HOUR + 30 * 60_000).toISOString());
    expect(late).toMatchObject({ late: 3, skipped: 0 });
    await expectFiltersHold(a);
    const silent = await runJob(new Date(Date.now() + 36 * HOUR + 30 * 60_000).toISOString());
    expect(silent).toMatchObject({ silent: 3, skipped: 0 });
    let all = await expectFiltersHold(a);
    expect(all.filter((d) => d.connectivity === 'silent').map((d) => d.name)).toEqual(['Alpha', 'Delta', 'Echo']);
    await uplink(tags.Echo, {});
    all = await expectFiltersHold(a);
    expect(all.filter((d) => d.connectivity === 'online').map((d) => d.name)).toEqual(['Echo']);
  });

  it('uncount sabotage with the reset, and asset links with the asset’s delete', async () => {
    expect((await api(a, 'POST', `/api/devices/${tags.Alpha.id}/reset-sabotaged`)).status).toBe(200);
    expect((await device(tags.Alpha.id)).is_sabotaged).toBe(false);
    await expectFiltersHold(a);
    expect((await api(a, 'DELETE', `/api/assets/${assetId}`)).status).toBe(204);
    const all = await expectFiltersHold(a);
    expect(all.filter((d) => d.asset)).toEqual([]);
  });

  it('keep each tenant’s counts and devices to itself', async () => {
    const other = await expectFiltersHold(b);
    expect(other.map((d) => d.id)).toEqual([tags.Other.id]);
    const none = await api<Collection>(b, 'GET', '/api/devices?connectivity=online');
    expect(none.body).toMatchObject({ 'hydra:member': [], 'hydra:totalItems': 0 });
    const never = await api<Collection>(b, 'GET', '/api/devices?connectivity=never');
    expect(never.body['hydra:totalItems']).toBe(1);
  });

  it('combine filters with each other and with search, counting what it read', async () => {
    const all = await everything(a);
    const answer = await api<Collection>(a, 'GET', '/api/devices?asset[exists]=false&connectivity=silent&search=a');
    const expected = all.filter(
      (d) => !d.asset && d.connectivity === 'silent' && (d.name ?? '').toLowerCase().includes('a'),
    );
    expect(answer.body['hydra:member'].map((d) => d.id)).toEqual(expected.map((d) => d.id));
    expect(answer.body['hydra:totalItems']).toBe(expected.length);
    // The tenant is small: the candidates ran out, so the count of what was read is all there is.
    expect(answer.headers.get('x-total-exact')).toBe('true');
  });

  it('refuse values that are not yes/no or a state with 422', async () => {
    for (const query of ['batteryLevelLow=maybe', 'sabotaged=2', 'asset[exists]=perhaps', 'exists[asset]=x']) {
      const answer = await api<{ violations: { propertyPath: string; message: string }[] }>(
        a,
        'GET',
        `/api/devices?${query}`,
      );
      expect({ query, status: answer.status }).toEqual({ query, status: 422 });
      expect(answer.body.violations[0]?.message).toBe(DEVICE_FLAG_FILTER_INVALID);
    }
    expect((await api(a, 'GET', '/api/devices?connectivity=asleep')).status).toBe(422);
  });
});
