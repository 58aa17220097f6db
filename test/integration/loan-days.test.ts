import { randomBytes } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { handler as loanDayJob } from '../../functions/jobs/loan-days';
import { addDays, amsterdamDay, startOfAmsterdamDay } from '../../functions/lib/loan-days/amsterdam-day';
import type { CountedAsset } from '../../functions/lib/loan-days/loan-day-counter';
import { loanDayOf } from '../../functions/lib/loan-days/loan-day-state';
import { publishAlarms } from '../../functions/lib/pipeline/alarms/publish-alarms';
import type { AssetAlarm } from '../../shared/schemas/asset-alarm';
import { call, tokenOf } from '../harness/api';
import { localTable, pointProcessAtStack } from '../harness/stack';
import { createSweepTenant, removeSweepTenant, type SweepTenant } from '../harness/sweep/sweep-tenant';
import { publishMqtt, waitFor } from '../harness/uplinks';

/**
 * One asset walked through March 2026 (a fixed month: the test never depends on today's date;
 * it holds the clock change of the 29th) in a tenant of its own, through the real pipeline (MQTT -> queue ->
 * processor) and the API, with the daily job run for each simulated day. Each day's two counters are checked:
 * days outside geo zone (invoiced) and days still.
 */
type Asset = {
  id: number;
  version: number;
  days_outside_geo_zone: number | null;
  days_still: number | null;
  last_event: { date: string } | null;
};
type Where = { latitude: number; longitude: number };

/** Home yard (zone A) and a customer's site 5 km north (zone B); both circles of 300 m. */
const HOME: Where = { latitude: 52.09, longitude: 5.12 };
const SITE: Where = { latitude: 52.135, longitude: 5.12 };
/** 30 m from home: the jitter of a tag at rest, reported as "moving" (a bump), which is no move. */
const JITTER: Where = { latitude: 52.09027, longitude: 5.12 };

const dayOf = (n: number) => `2026-03-${String(n).padStart(2, '0')}`;
const at = (n: number, hours: number) => new Date(startOfAmsterdamDay(dayOf(n)).getTime() + hours * 3_600_000);

describe('loan days and days still through a month of simulated days', () => {
  let tenant: SweepTenant;
  let as: { token: string; headers: Record<string, string> };
  let zoneA: number;
  let zoneB: number;
  let tagA: { id: number; devEui: string };
  let tagB: { id: number; devEui: string };
  let assetId: number;

  const api = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) =>
    call<T>(method, path, { ...as, ...(body === undefined ? {} : { body }) });
  const asset = async () => (await api<Asset>('GET', `/api/assets/${assetId}`)).body;
  const editAsset = async (change: Record<string, unknown>) => {
    const current = await asset();
    const saved = await api('PUT', `/api/assets/${assetId}`, { name: 'Reel M-1', version: current.version, ...change });
    expect(saved.status).toBe(200);
  };
  const attach = async (tag: { id: number }, to: number | null) => {
    const device = await api<{ version: number }>('GET', `/api/devices/${tag.id}`);
    const saved = await api('PUT', `/api/devices/${tag.id}`, { version: device.body.version, asset: to });
    expect(saved.status).toBe(200);
  };
  /** One uplink of `tag`, stamped day `n` at `hours` after its midnight; waits until the asset took it. */
  const uplink = async (tag: { devEui: string }, n: number, hours: number, where: Where, moving = false) => {
    const when = at(n, hours);
    const fix = { ...where, accuracy: 10 };
    await publishMqtt({ devEui: tag.devEui, at: when, payload: { eventType: moving ? 'moving' : 'still', fix } });
    await waitFor(asset, (a) => a.last_event?.date === when.toISOString());
  };
  const newTag = async (name: string) => {
    const devEui = randomBytes(8).toString('hex').toUpperCase();
    const created = await api<{ id: number }>('POST', '/api/devices', { name, dev_eui: devEui });
    expect(created.status).toBe(201);
    return { id: created.body.id, devEui };
  };
  const newZone = async (name: string, centre: Where) => {
    const geometry = { type: 'Point', coordinates: [centre.longitude, centre.latitude], radius: 300 };
    const created = await api<{ id: number }>('POST', '/api/geo-zones', { name, geometry });
    expect(created.status).toBe(201);
    return created.body.id;
  };

  beforeAll(async () => {
    // The job runs in this process, as the scheduled Lambda would, against the test stack's table and bus.
    pointProcessAtStack();
    tenant = await createSweepTenant('loan days');
    as = tenant.superAdmin;
    zoneA = await newZone('Yard', HOME);
    zoneB = await newZone('Site', SITE);
    tagA = await newTag('Tag A');
    tagB = await newTag('Tag B');
    const rule = await api('POST', '/api/alarms', {
      name: 'Left the yard',
      type: 1,
      text: '{asset_name} left {zone_name}',
      email: `loan-days-${Date.now()}@example.com`,
    });
    expect(rule.status).toBe(201);
    const created = await api<{ id: number }>('POST', '/api/assets', { name: 'Reel M-1', devices: [tagA.id] });
    expect(created.status).toBe(201);
    assetId = created.body.id;
  });

  afterAll(() => removeSweepTenant(tenant));

  it('counts each day by the zone, the tags and the fixes, from the moment they change', async () => {
    /** What happens on day n before its midnight (the job runs after it). */
    const days: Record<number, () => Promise<void>> = {
      1: async () => {
        await uplink(tagA, 1, 10, HOME);
        await editAsset({ geo_zone: zoneA });
        await uplink(tagA, 1, 11, HOME);
      },
      3: () => uplink(tagA, 3, 10, JITTER, true),
      // Leaves the yard: moved at 9:00, the departure confirmed at 9:30 (the "left" alarm).
      4: async () => {
        await uplink(tagA, 4, 9, SITE, true);
        await uplink(tagA, 4, 9.5, SITE);
      },
      7: async () => {
        expect((await api('PUT', `/api/assets/${assetId}/days-outside-geo-zone/reset`, {})).status).toBe(200);
      },
      8: async () => {
        await uplink(tagA, 8, 9, HOME, true);
        await uplink(tagA, 8, 9.5, HOME);
      },
      10: async () => {
        await uplink(tagA, 10, 9, SITE, true);
        await uplink(tagA, 10, 9.5, SITE);
      },
      // Zone cleared: no zone, no loan day, from that moment.
      11: () => editAsset({ geo_zone: null }),
      12: () => uplink(tagA, 12, 10, SITE),
      // The yard again: from unknown, the first fix finds it outside (no "left": it was never seen inside).
      13: async () => {
        await editAsset({ geo_zone: zoneA });
        await uplink(tagA, 13, 10, SITE);
        await uplink(tagA, 13, 10.5, SITE);
      },
      // The site's zone, where it stands: nothing counted on the yard's evidence.
      14: () => editAsset({ geo_zone: zoneB }),
      15: () => uplink(tagA, 15, 10, SITE),
      // Back to the yard's zone while inside the site's: no false "left the zone" alarm.
      16: async () => {
        await editAsset({ geo_zone: zoneA });
        await uplink(tagA, 16, 10, SITE);
        await uplink(tagA, 16, 10.5, SITE);
      },
      // Its only tag detached in the device panel: no tag, no counting; days still unknown.
      17: () => attach(tagA, null),
      18: async () => {
        await attach(tagB, assetId);
        await uplink(tagB, 18, 10, SITE);
      },
      // Tag swapped in the asset form: the new tag's evidence starts from unknown.
      20: () => editAsset({ devices: [tagA.id] }),
      21: async () => {
        await uplink(tagA, 21, 9, HOME, true);
        await uplink(tagA, 21, 9.5, HOME);
      },
    };
    // [days outside geo zone, days still] after each day's job.
    const expected: [number, number | null][] = [
      [0, 0], // 1: first fixes at home, zone set
      [0, 1],
      [0, 2], // 3: a bump 30 m away is no move
      [1, 0], // 4: left the yard
      [2, 1],
      [3, 2],
      [1, 3], // 7: reset by a user, counted again that night
      [1, 0], // 8: back in the yard
      [1, 1],
      [2, 0], // 10: left again
      [2, 1], // 11: zone cleared
      [2, 2],
      [3, 3], // 13: the yard again, outside since the first fix
      [3, 4], // 14: the site's zone, not known yet
      [3, 5], // 15: inside the site's zone
      [4, 6], // 16: the yard's zone again, outside
      [4, null], // 17: last tag detached
      [5, 0], // 18: another tag, its first fix outside the yard
      [6, 1],
      [6, null], // 20: tag swapped
      [6, 0], // 21: home, inside the yard
      ...Array.from({ length: 10 }, (_, i): [number, number] => [6, i + 1]), // 22-31: standing in the yard
    ];
    const counted: [number, number | null][] = [];
    for (let n = 1; n <= 31; n++) {
      await days[n]?.();
      await loanDayJob({ date: dayOf(n), tenants: [String(tenant.tenantId)] });
      const after = await asset();
      counted.push([after.days_outside_geo_zone ?? 0, after.days_still]);
      if (n === 5) {
        // A rerun, or a run of a day before the last one counted, adds nothing.
        const again = await loanDayJob({ date: dayOf(5), tenants: [String(tenant.tenantId)] });
        expect(again.counted).toBe(0);
        expect((await loanDayJob({ date: dayOf(3), tenants: [String(tenant.tenantId)] })).counted).toBe(0);
        expect((await asset()).days_outside_geo_zone).toBe(after.days_outside_geo_zone);
      }
    }
    expect(counted.map((c, i) => `${i + 1}: ${c.join(' / ')}`)).toEqual(
      expected.map((c, i) => `${i + 1}: ${c.join(' / ')}`),
    );

    // Alarms: the two real departures only. A marker event published last: once it is recorded, an alarm the
    // uplinks before it raised would be too (the local bus delivers in order).
    const marker = at(31, 12).toISOString();
    await publishAlarms([
      {
        tenantId: String(tenant.tenantId),
        kind: 1,
        assetId,
        assetName: 'Marker',
        deviceId: tagA.id,
        deviceName: null,
        devEui: tagA.devEui,
        zoneId: null,
        zoneName: null,
        at: marker,
        latitude: null,
        longitude: null,
      },
    ]);
    const alarms = await waitFor(
      () => api<{ 'hydra:member': AssetAlarm[] }>('GET', `/api/assets/${assetId}/alarms`),
      (r) => r.body['hydra:member'].some((a) => a.at === marker),
    );
    expect(alarms.body['hydra:member'].map((a) => a.at).sort()).toEqual(
      [at(4, 9.5), at(10, 9.5), new Date(marker)].map((d) => d.toISOString()),
    );
  });

  it("stops counting an asset whose only tag another asset's form takes over", async () => {
    const tagC = await newTag('Tag C');
    const created = await api<{ id: number }>('POST', '/api/assets', {
      name: 'Reel M-2',
      devices: [tagC.id],
      geo_zone: zoneA,
    });
    expect(created.status).toBe(201);
    const other = created.body.id;
    const read = async () => (await api<Asset>('GET', `/api/assets/${other}`)).body;
    for (const hours of [10, 10.5]) {
      const when = new Date(startOfAmsterdamDay('2026-04-01').getTime() + hours * 3_600_000);
      await publishMqtt({
        devEui: tagC.devEui,
        at: when,
        payload: { eventType: 'still', fix: { ...SITE, accuracy: 10 } },
      });
      await waitFor(read, (a) => a.last_event?.date === when.toISOString());
    }
    const tenants = [String(tenant.tenantId)];
    await loanDayJob({ date: '2026-04-01', tenants });
    expect((await read()).days_outside_geo_zone).toBe(1);
    // A new asset takes the tag in its form: the old one is left without a tag, and without counting.
    expect((await api('POST', '/api/assets', { name: 'Reel M-3', devices: [tagC.id] })).status).toBe(201);
    await loanDayJob({ date: '2026-04-02', tenants });
    expect(await read()).toMatchObject({ days_outside_geo_zone: 1, days_still: null, devices: [] });
  });

  it('finds the seeded demo assets with days outside outside their zone, so the next midnight counts them on', async () => {
    // Read only: running the demo tenant's job here would mark today done for the tests that count it.
    const list = await call<{ 'hydra:member': { id: number; days_outside_geo_zone: number }[] }>(
      'GET',
      '/api/assets?order[days_outside_geo_zone]=desc&itemsPerPage=20',
      { token: await tokenOf('admin') },
    );
    const outside = list.body['hydra:member'].filter((a) => a.days_outside_geo_zone > 0);
    expect(outside.length).toBeGreaterThan(5);
    const today = amsterdamDay(new Date());
    for (const { id } of outside) {
      const key = { pk: 'T#1#ASSET', sk: `ASSET#${String(id).padStart(10, '0')}` };
      const item = (await localTable().client.send(new GetCommand({ TableName: 'tracking', Key: key }))).Item;
      const stored = item as CountedAsset;
      expect(loanDayOf(stored, today).outside).toBe(true);
      // The seed marks yesterday counted; a file that ran today's job for every tenant (alarms-pipeline) may
      // have counted today already. Either way no day before is left uncounted and none is counted twice.
      expect([addDays(today, -1), today]).toContain(stored.loanDayCountedFor);
    }
  });
});
