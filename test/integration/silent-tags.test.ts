import { randomBytes } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { handler as silentTagJob } from '../../functions/jobs/silent-tags';
import { dynamo, tableName } from '../../functions/lib/data/client';
import { itemKey } from '../../functions/lib/data/keys';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { publishAlarms } from '../../functions/lib/pipeline/alarms/publish-alarms';
import { call } from '../harness/api';
import { mailsTo, waitForMail, waitForMailMatching } from '../harness/mail';
import { pointProcessAtStack } from '../harness/stack';
import { createSweepTenant, removeSweepTenant, type SweepTenant } from '../harness/sweep/sweep-tenant';
import { publishMqtt, waitFor } from '../harness/uplinks';

/**
 * Silent tags through the local stack: a tag's uplink (MQTT -> queue -> processor) makes it online; the
 * silent-tag job, run here with a given `now` as the schedule would run it later, turns it late, then silent
 * (the "tag silent" alarm mailed once, kept on the asset with its acknowledge), reading only the due devices;
 * the next uplink brings it back online and the job then has nothing to do. Two tenants of their own: each
 * sees only its own devices in every connectivity filter. The built-in heartbeat (12 h, silent after 3).
 */
type Device = { id: number; connectivity: string; last_event: { date: string } | null };
type Asset = { id: number; name: string; map_level: string; devices: { id: number; is_silent?: boolean }[] };
type Collection<T> = { 'hydra:member': T[]; 'hydra:totalItems': number };
type Alarm = { id: string; type: number; acknowledgedAt: string | null };

const HOUR = 3_600_000;
/** Later than any late (18 h) or silent (36 h) time of an uplink heard during the test. */
const afterLate = () => new Date(Date.now() + 18 * HOUR + 30 * 60_000).toISOString();
const afterSilent = () => new Date(Date.now() + 36 * HOUR + 30 * 60_000).toISOString();

describe('silent tags', () => {
  const email = `silent-${Date.now()}@example.com`;
  let a: SweepTenant;
  let b: SweepTenant;
  let tagA: { id: number; devEui: string };
  let tagB: { id: number; devEui: string };
  let quietIds: number[];
  let assetId: number;
  let silentAt: string;

  const api = <T = Record<string, unknown>>(as: SweepTenant, method: string, path: string, body?: unknown) =>
    call<T>(method, path, { ...as.superAdmin, ...(body === undefined ? {} : { body }) });
  const device = async (as: SweepTenant, id: number) => (await api<Device>(as, 'GET', `/api/devices/${id}`)).body;
  const newTag = async (as: SweepTenant, name: string) => {
    const devEui = randomBytes(8).toString('hex').toUpperCase();
    const created = await api<{ id: number }>(as, 'POST', '/api/devices', { name, dev_eui: devEui });
    expect(created.status).toBe(201);
    return { id: created.body.id, devEui };
  };
  const uplink = async (as: SweepTenant, tag: { id: number; devEui: string }) => {
    const at = new Date(Math.floor(Date.now() / 1000) * 1000 - 1000);
    await publishMqtt({ devEui: tag.devEui, at, payload: { eventType: 'still' } });
    return waitFor(
      () => device(as, tag.id),
      (d) => d.last_event?.date === at.toISOString() && d.connectivity === 'online',
    );
  };
  const ids = async (as: SweepTenant, query: string) =>
    (await api<Collection<Device>>(as, 'GET', `/api/devices?${query}`)).body['hydra:member'].map((d) => d.id);
  const storedDevice = async (as: SweepTenant, id: number) =>
    (
      await dynamo().send(
        new GetCommand({
          TableName: tableName(),
          Key: itemKey(systemTenantContext(String(as.tenantId)), 'DEVICE', id),
          ConsistentRead: true,
        }),
      )
    ).Item as Record<string, unknown>;
  const dueKeyOf = async (as: SweepTenant, id: number) => String((await storedDevice(as, id)).gsi14sk);
  const run = (now: string) => silentTagJob({ now, tenants: [String(a.tenantId), String(b.tenantId)] });

  beforeAll(async () => {
    // The job runs in this process, as the scheduled Lambda would, against the test stack's table and bus.
    pointProcessAtStack();
    [a, b] = await Promise.all([createSweepTenant('silent tags'), createSweepTenant('silent tags other')]);
    const rule = await api(a, 'POST', '/api/alarms', {
      name: 'Tag silent',
      type: 3,
      text: 'Tag {dev_eui} of {asset_name} silent since {time}.',
      email,
    });
    expect(rule.status).toBe(201);
    const confirmation = await waitForMail(email);
    const link = /(http:\/\/\S+\/confirm\?\S+)/.exec(confirmation.text)?.[1] as string;
    expect((await fetch(link)).status).toBe(200);
    tagA = await newTag(a, 'Tag A');
    tagB = await newTag(b, 'Tag B');
    // Tags never heard: not in the due index, so the job never reads them.
    quietIds = [(await newTag(a, 'Quiet 1')).id, (await newTag(a, 'Quiet 2')).id];
    const asset = await api<{ id: number }>(a, 'POST', '/api/assets', { name: 'Reel S-1', devices: [tagA.id] });
    expect(asset.status).toBe(201);
    assetId = asset.body.id;
  });

  afterAll(async () => {
    await removeSweepTenant(a);
    await removeSweepTenant(b);
  });

  it('answers never before the first uplink, online after it', async () => {
    expect((await device(a, tagA.id)).connectivity).toBe('never');
    await uplink(a, tagA);
    await uplink(b, tagB);
    expect((await device(b, tagB.id)).connectivity).toBe('online');
    // Before its late time the job reads nothing: no device of these tenants is due.
    const early = await run(new Date(Date.now() + HOUR).toISOString());
    expect(early).toMatchObject({ itemsRead: 0, late: 0, silent: 0 });
  });

  it('turns a tag late, then silent, reading only the due devices, and mails once', async () => {
    const late = await run(afterLate());
    // Two tenants, one heard tag each: exactly those two entries read and their two devices by key (the two quiet
    // tags are not in the index).
    expect(late).toMatchObject({ tenants: 2, itemsRead: 4, late: 2, silent: 0, alarms: 0 });
    expect((await device(a, tagA.id)).connectivity).toBe('late');
    // A rerun at the same time finds nothing due any more (the entries moved to their silent time).
    expect(await run(afterLate())).toMatchObject({ itemsRead: 0, late: 0 });

    const silent = await run(afterSilent());
    // Each silent tag costs its entry, its device and, with an asset, the asset read for its summary.
    expect(silent).toMatchObject({ itemsRead: 5, late: 0, silent: 2, alarms: 2, skipped: 0 });
    expect((await device(a, tagA.id)).connectivity).toBe('silent');
    const asset = (await api<Asset>(a, 'GET', `/api/assets/${assetId}`)).body;
    expect(asset.map_level).toBe('warning');
    expect(asset.devices).toEqual([expect.objectContaining({ id: tagA.id, is_silent: true })]);

    const mail = await waitForMailMatching(email, (m) => m.text.includes(tagA.devEui));
    expect(mail.subject).toBe('Asset tag silent: Reel S-1');
    expect(mail.text).toContain(`Tag ${tagA.devEui} of Reel S-1 silent since `);
    // The job again: the silent tag left the index, nothing read, nothing raised.
    expect(await run(afterSilent())).toMatchObject({ itemsRead: 0, silent: 0, alarms: 0 });
    // Once: a marker raised after everything above arrives, and still only one mail names the tag.
    const marker = randomBytes(8).toString('hex').toUpperCase();
    await publishAlarms([
      {
        tenantId: String(a.tenantId),
        kind: 3,
        assetId: null,
        assetName: null,
        deviceId: 0,
        deviceName: 'marker',
        devEui: marker,
        zoneId: null,
        zoneName: null,
        at: new Date().toISOString(),
        latitude: null,
        longitude: null,
      },
    ]);
    await waitForMailMatching(email, (m) => m.text.includes(marker));
    expect((await mailsTo(email)).filter((m) => m.text.includes(tagA.devEui))).toHaveLength(1);

    // Its history on the asset, with the acknowledge.
    const alarms = await api<Collection<Alarm>>(a, 'GET', `/api/assets/${assetId}/alarms`);
    const [sent] = alarms.body['hydra:member'];
    expect(sent).toMatchObject({ type: 3, acknowledgedAt: null });
    silentAt = (sent as Alarm).id;
    const ack = await api(a, 'PUT', `/api/assets/${assetId}/alarms/${silentAt}/acknowledge`, {});
    expect(ack.status).toBeLessThan(300);
  });

  it('filters and sorts by connectivity, each tenant its own devices only', async () => {
    expect(await ids(a, 'connectivity=silent')).toEqual([tagA.id]);
    expect(await ids(b, 'connectivity=silent')).toEqual([tagB.id]);
    expect((await ids(a, 'connectivity=never')).sort()).toEqual([...quietIds].sort());
    expect(await ids(a, 'connectivity=online,late')).toEqual([]);
    expect(await ids(a, 'order[connectivity]=asc')).toEqual([tagA.id, ...quietIds]);
    expect(await ids(a, 'order[connectivity]=desc')).toEqual([...quietIds].reverse().concat(tagA.id));
    const bad = await api<{ violations: { propertyPath: string }[] }>(a, 'GET', '/api/devices?connectivity=asleep');
    expect(bad.status).toBe(422);
    expect(bad.body.violations.map((v) => v.propertyPath)).toEqual(['connectivity[0]']);
    // Ids are per tenant (both tags may be 1): a quiet tag's id exists only in A, whatever the filter.
    const onlyInA = quietIds[1] as number;
    expect((await api(b, 'GET', `/api/devices/${onlyInA}`)).status).toBe(404);
    expect(await ids(b, `id=${onlyInA}&connectivity=never`)).toEqual([]);
    expect(await ids(b, 'connectivity=never')).toEqual([]);
  });

  it('comes back online with the next uplink, clears the asset’s mark, and the job has nothing more to do', async () => {
    await uplink(a, tagA);
    const asset = await waitFor(
      () => api<Asset>(a, 'GET', `/api/assets/${assetId}`),
      (r) => r.body.devices[0]?.is_silent === false,
    );
    expect(asset.body.map_level).toBe('none');
    expect(await run(new Date(Date.now() + HOUR).toISOString())).toMatchObject({ itemsRead: 0, late: 0, silent: 0 });
    expect(await ids(a, 'connectivity=silent')).toEqual([]);
    expect(await ids(b, 'connectivity=silent')).toEqual([tagB.id]);
  });

  it('leaves the due key still on an uplink soon after; the job finds the early key not late and keys it again', async () => {
    const tag = await newTag(b, 'Tag C');
    const first = await uplink(b, tag);
    const keyed = await dueKeyOf(b, tag.id);
    await waitFor(
      () => uplink(b, tag),
      (d) => d.last_event?.date !== first.last_event?.date,
    );
    // The second uplink moved late_at on, but half of its window was still ahead of the key: the key stays.
    const stored = await storedDevice(b, tag.id);
    expect(stored.gsi14sk).toBe(keyed);
    expect(Date.parse(stored.late_at as string)).toBeGreaterThan(Date.parse(keyed.split('#')[0] as string));
    // The job at the key's time: not late at the device's own times, so keyed again at its late time.
    const early = await silentTagJob({ now: keyed.split('#')[0], tenants: [String(b.tenantId)] });
    expect(early).toMatchObject({ late: 0, rekeyed: 1, skipped: 0 });
    expect((await storedDevice(b, tag.id)).gsi14sk).toBe(`${stored.late_at}#${keyed.split('#')[1]}`);
    expect((await device(b, tag.id)).connectivity).toBe('online');
    // And late at that time.
    expect(await silentTagJob({ now: stored.late_at as string, tenants: [String(b.tenantId)] })).toMatchObject({
      late: 1,
      rekeyed: 0,
    });
    expect((await device(b, tag.id)).connectivity).toBe('late');
  });
});
