import { randomBytes } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { type EventRecord, putEvent, reserveEventIds } from '../../functions/lib/events/event-repository';
import { backfillAssetTracks } from '../../functions/lib/history/track-backfill';
import { handlerEnvironment, type PortName } from '../../scripts/local/config';
import type { AssetHistoryPage } from '../../shared/schemas/asset-history';
import { call } from '../harness/api';
import { createOwnTenant, type OwnTenant, removeOwnTenant } from '../harness/own-tenant';
import { localTable, readStack } from '../harness/stack';
import { publishLorawan, waitFor } from '../harness/uplinks';

/**
 * The migration step asset-track-keys against the local table, in a tenant of this file's own: events written
 * before events carried their asset (no `asset`, no track keys) join the track of the asset their device is on
 * when they are not older than the device's `asset_since`; older ones stay out; events the pipeline wrote with
 * their asset are left alone; a second run writes nothing.
 */
const { client: db } = localTable();
const DAY = 86_400_000;
const NOW = Math.floor(Date.now() / 60_000) * 60_000;

let tenant: OwnTenant;
const api = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) =>
  call<T>(method, path, { ...tenant.superAdmin, ...(body === undefined ? {} : { body }) });

beforeAll(async () => {
  const stack = readStack();
  for (const [name, value] of Object.entries(stack.ports)) process.env[name as PortName] = String(value);
  Object.assign(process.env, handlerEnvironment(stack));
  tenant = await createOwnTenant('Asset track keys');
});
afterAll(() => removeOwnTenant(tenant));

/** An event as versions before the asset was kept wrote it: no `asset`, so no track keys. */
async function oldEvent(deviceId: number, at: number): Promise<EventRecord> {
  const ctx = systemTenantContext(tenant.tenantId);
  const event: EventRecord = {
    id: await reserveEventIds(ctx),
    date: new Date(at).toISOString(),
    type: 'still',
    latitude: 52.3,
    longitude: 4.9,
    radius: 12,
    street: null,
    postal_code: null,
    city: null,
    region: null,
    country: null,
    geo_zone: null,
    device: { id: deviceId, name: null },
  };
  expect(await putEvent(ctx, event)).toBe(true);
  return event;
}

describe('the migration step asset-track-keys', () => {
  it("gives old events of a device on an asset that asset's track keys, from the device's asset_since on", async () => {
    const devEui = randomBytes(8).toString('hex').toUpperCase();
    const device = await api<{ id: number }>('POST', '/api/devices', { dev_eui: devEui });
    const asset = await api<{ id: number }>('POST', '/api/assets', { name: 'Old reel', devices: [device.body.id] });
    expect(asset.status).toBe(201);
    const deviceKey = { pk: `T#${tenant.tenantId}#DEVICE`, sk: `DEVICE#${String(device.body.id).padStart(10, '0')}` };
    // The tag has been on the asset for ten days; versions before kept no asset on its events.
    await db.send(
      new UpdateCommand({
        TableName: process.env.TABLE_NAME,
        Key: deviceKey,
        UpdateExpression: 'SET asset_since = :since',
        ExpressionAttributeValues: { ':since': new Date(NOW - 10 * DAY).toISOString() },
      }),
    );
    const before = await oldEvent(device.body.id, NOW - 20 * DAY);
    const old = [await oldEvent(device.body.id, NOW - 5 * DAY), await oldEvent(device.body.id, NOW - 4 * DAY)];
    // One the pipeline writes now, with its asset.
    const at = new Date(NOW - 60_000);
    await publishLorawan({ devEui, at, payload: { eventType: 'moving', fix: { latitude: 52.3, longitude: 4.9 } } });
    await waitFor(
      () => api<{ last_event: { date: string } | null }>('GET', `/api/assets/${asset.body.id}`),
      (answer) => answer.body.last_event?.date === at.toISOString(),
    );
    const period = `from=${new Date(NOW - 30 * DAY).toISOString()}&to=${new Date(NOW).toISOString()}`;
    const track = async () =>
      (await api<AssetHistoryPage>('GET', `/api/assets/${asset.body.id}/history?${period}`)).body.fixes.map(
        (fix) => fix.at,
      );
    expect(await track()).toEqual([at.toISOString()]);

    const ctx = systemTenantContext(tenant.tenantId);
    expect(await backfillAssetTracks(ctx)).toEqual({ devices: 1, events: 2, skipped: 0 });
    expect(await track()).toEqual([...old.map((event) => event.date), at.toISOString()]);
    const stored = await db.send(
      new GetCommand({
        TableName: process.env.TABLE_NAME,
        Key: {
          pk: `T#${tenant.tenantId}#DEVICE#${device.body.id}#EVENTS`,
          sk: `EV#${old[0]?.date}#${String(old[0]?.id).padStart(10, '0')}`,
        },
      }),
    );
    expect(stored.Item).toMatchObject({
      asset: { id: asset.body.id },
      gsi2pk: `T#${tenant.tenantId}#ASSET#${asset.body.id}#TRACK`,
    });
    // Older than the device's time on the asset: which asset it was on is not known, it stays out.
    expect(await track()).not.toContain(before.date);

    expect(await backfillAssetTracks(ctx)).toEqual({ devices: 1, events: 0, skipped: 0 });
  });
});
