import { randomBytes } from 'node:crypto';
import { publishAlarms } from '../../functions/lib/pipeline/alarms/publish-alarms';
import type { AssetAlarm } from '../../shared/schemas/asset-alarm';
import { wallClockOf } from '../../shared/schemas/working-hours';
import { call } from '../harness/api';
import { createOwnTenant, type OwnTenant, removeOwnTenant } from '../harness/own-tenant';
import { readStack } from '../harness/stack';
import { publishLorawan, waitFor } from '../harness/uplinks';

/**
 * Moved outside working hours (alarm type 10) through the real local pipeline (IoT Core for LoRaWAN's
 * destination -> ingest -> SQS stand-in -> processor -> EventBridge stand-in -> alarm handler), in a tenant of
 * this file's own. The rule is created through the API with working hours that are open for a few minutes around
 * one uplink only; the uplinks' times are their measuredAt, stamped in the past. Jitter, a real move (one alarm),
 * the rest of the trip (no second one), a move within the hours and jitter after them (none).
 */
const CENTRE = { latitude: 52.1, longitude: 5.1 };
const north = (metres: number) => ({ latitude: CENTRE.latitude + metres / 111_195, longitude: CENTRE.longitude });
/** Uplinks are stamped in the past (none may be ahead of its receive time), minutes apart. */
const T0 = Math.floor(Date.now() / 60_000) * 60_000 - 120 * 60_000;
const at = (minute: number) => new Date(T0 + minute * 60_000);
const iso = (minute: number) => at(minute).toISOString();
/** The one uplink within the working hours. */
const IN_HOURS = 110;

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Open from two minutes before to three after IN_HOURS on its Amsterdam weekday, closed otherwise. */
function hoursAroundInHours() {
  const { day, minute } = wallClockOf(at(IN_HOURS));
  const interval = `${hhmm(Math.max(0, minute - 2))}-${hhmm(Math.min(1440, minute + 3))}`;
  return { mon: '', tue: '', wed: '', thu: '', fri: '', sat: '', sun: '', [day]: interval };
}

let tenant: OwnTenant;
const api = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) =>
  call<T>(method, path, { ...tenant.superAdmin, ...(body === undefined ? {} : { body }) });

beforeAll(async () => {
  tenant = await createOwnTenant('After hours');
  const { ports } = readStack();
  Object.assign(process.env, {
    AWS_REGION: 'eu-west-1',
    EVENTBRIDGE_ENDPOINT: `http://127.0.0.1:${ports.EVENTBRIDGE_PORT}`,
  });
});
afterAll(() => removeOwnTenant(tenant));

describe('an asset moved outside working hours', () => {
  it('refuses working hours that are no intervals, with the field named', async () => {
    const refused = await api<{ violations: { propertyPath: string; message: string }[] }>('POST', '/api/alarms', {
      name: 'Night',
      type: 10,
      text: 'Moved',
      working_hours: { mon: ['18:00-07:00'] },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.violations).toEqual([
      { propertyPath: 'working_hours.mon', message: 'An interval must end after it starts' },
    ]);
  });

  it('raises one alarm for the move after hours: none for jitter, the rest of the trip or a move within the hours', async () => {
    const rule = await api<{ id: number; working_hours: Record<string, string[]>; move_distance: number }>(
      'POST',
      '/api/alarms',
      {
        name: 'Night watch',
        type: 10,
        text: '{asset_name} moved at {time}.',
        email: `night-${randomBytes(4).toString('hex')}@example.com`,
        working_hours: hoursAroundInHours(),
        move_distance: 200,
      },
    );
    expect(rule.status).toBe(201);
    expect(rule.body.move_distance).toBe(200);
    expect(Object.values(rule.body.working_hours).flat()).toHaveLength(1);

    const devEui = randomBytes(8).toString('hex').toUpperCase();
    const device = await api<{ id: number }>('POST', '/api/devices', { dev_eui: devEui });
    const asset = await api<{ id: number }>('POST', '/api/assets', { name: 'Excavator', devices: [device.body.id] });
    expect(asset.status).toBe(201);

    // [minute, metres north, accuracy]: outside the hours unless at IN_HOURS.
    const fixes: [number, number, number][] = [
      [0, 0, 10], // the first fix: nothing to compare with
      [10, 230, 40], // jitter: 230 m is beyond 200 m, not beyond 200 m plus both radii (10 + 40)
      [20, 20, 10], // back: jitter again
      [30, 1200, 10], // moved: the alarm
      [40, 2500, 10], // the same trip: no second alarm
      // Moved within the hours, more than an hour after the last move (outside them it would raise): nothing.
      [IN_HOURS, 4000, 10],
      [115, 4100, 30], // jitter after the hours: nothing
    ];
    for (const [minute, metres, accuracy] of fixes) {
      await publishLorawan({
        devEui,
        at: at(minute),
        // The tag says it moves every time: its position decides (a bump at night is no theft).
        payload: { eventType: 'moving', fix: { ...north(metres), accuracy } },
      });
      await waitFor(
        () => api<{ last_event: { date: string } | null }>('GET', `/api/assets/${asset.body.id}`),
        (answer) => answer.body.last_event?.date === iso(minute),
      );
    }

    // A later alarm of the rule through the same bus: once it is recorded, anything the uplinks raised is too.
    await publishAlarms([
      {
        tenantId: String(tenant.tenantId),
        kind: 10,
        ruleId: rule.body.id,
        assetId: asset.body.id,
        assetName: 'Excavator',
        deviceId: device.body.id,
        deviceName: null,
        devEui,
        zoneId: null,
        zoneName: null,
        at: iso(125),
        latitude: null,
        longitude: null,
      },
    ]);
    const alarms = await waitFor(
      () => api<{ 'hydra:member': AssetAlarm[] }>('GET', `/api/assets/${asset.body.id}/alarms`),
      (answer) => answer.body['hydra:member'].some((alarm) => alarm.at === iso(125)),
    );
    const raised = alarms.body['hydra:member'].filter((alarm) => alarm.at !== iso(125));
    expect(raised.map((alarm) => [alarm.type, alarm.ruleId, alarm.at])).toEqual([[10, rule.body.id, iso(30)]]);
    expect(raised[0]?.text).toMatch(/^Excavator moved at /);
  });
});
