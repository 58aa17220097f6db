import { handler as loanDayJob } from '../../functions/jobs/loan-days';
import { amsterdamDay } from '../../functions/lib/loan-days/amsterdam-day';
import { publishAlarms } from '../../functions/lib/pipeline/alarms/publish-alarms';
import type { AssetAlarm } from '../../shared/schemas/asset-alarm';
import { call, tokenOf } from '../harness/api';
import { mailsTo, waitForMail } from '../harness/mail';
import { readStack } from '../harness/stack';
import { publishMqtt, type Uplink, waitFor } from '../harness/uplinks';

/**
 * Alarm mail through the whole local path: MQTT uplinks -> SQS stand-in -> processor -> EventBridge stand-in
 * -> alarm handler -> SNS stand-in -> the mail inbox. An asset leaving its own zone mails its "outside" rule
 * once, and not again for the next uplinks outside. Uses one asset from the middle of the demo tenant's list
 * (pipeline.test.ts takes the last ones, other tests read the first ones).
 */
type Zone = {
  id: number;
  name: string;
  geometry: { type: 'Point' | 'Polygon'; coordinates: unknown; radius?: number };
};
type Asset = {
  id: number;
  name: string;
  geo_zone: { id: number } | null;
  devices: { dev_eui: string }[];
  last_event: { date: string } | null;
};

/** A point well inside the zone: a circle's centre, or the mean of a polygon's outline drawn around its centre. */
function insideOf(zone: Zone): { latitude: number; longitude: number } {
  if (zone.geometry.type === 'Point') {
    const [lon, lat] = zone.geometry.coordinates as [number, number];
    return { latitude: lat, longitude: lon };
  }
  const [outline] = zone.geometry.coordinates as [number, number][][];
  const ring = (outline ?? []).slice(0, -1);
  const mean = (i: 0 | 1) => ring.reduce((sum, point) => sum + point[i], 0) / ring.length;
  return { latitude: mean(1), longitude: mean(0) };
}

/** The first uplink's time: the last (at 140 minutes) is still ten minutes before the test starts. */
const T0 = Date.now() - 150 * 60_000;
/**
 * Alone the test takes seconds; at the end of a full run on a loaded machine one uplink once took long enough to
 * pass jest's 90 s. Each wait's own limit ends well inside the test's, so a slow pipeline fails with what the
 * wait saw last (the asset's last event, the inbox's subjects) rather than a bare timeout.
 */
const UPLINK_WAIT_MS = 25_000;
const TEST_MS = 8 * UPLINK_WAIT_MS;

describe('an asset leaving its zone, end to end', () => {
  const email = `leaving-${Date.now()}@example.com`;
  let admin: string;
  let asset: Asset;
  let zone: Zone;

  beforeAll(async () => {
    admin = await tokenOf('admin');
    const { ports } = readStack();
    Object.assign(process.env, {
      AWS_REGION: 'eu-west-1',
      EVENTBRIDGE_ENDPOINT: `http://127.0.0.1:${ports.EVENTBRIDGE_PORT}`,
      TABLE_NAME: 'tracking',
      DYNAMODB_ENDPOINT: `http://127.0.0.1:${ports.DYNAMODB_PORT}`,
    });
    const rule = await call('POST', '/api/alarms', {
      token: admin,
      body: { name: `Leaving ${Date.now()}`, type: 1, text: '{asset_name} left {zone_name} at {time}.', email },
    });
    expect(rule.status).toBe(201);
    const confirmation = await waitForMail(email);
    const link = /(http:\/\/\S+\/confirm\?\S+)/.exec(confirmation.text)?.[1] as string;
    expect((await fetch(link)).status).toBe(200);

    const list = await call<{ 'hydra:member': Asset[] }>('GET', '/api/assets?pagination=false&order[id]=asc', {
      token: admin,
    });
    // Uplinks are stamped up to 150 minutes ago (none ahead of its receive time: uplinks from the future are
    // refused), so the asset's last event must be older still, by an hour: its seeded position may be far away.
    const candidates = list.body['hydra:member'].filter(
      (a) => a.geo_zone && a.devices.length === 1 && Date.parse(a.last_event?.date ?? '') < T0 - 60 * 60_000,
    );
    asset = candidates[Math.floor(candidates.length / 2)] as Asset;
    zone = (await call<Zone>('GET', `/api/geo-zones/${asset.geo_zone?.id}`, { token: admin })).body;
  });

  it(
    'mails the outside rule once when the departure is confirmed, not for the next uplinks outside, and counts the loan day once',
    async () => {
      const devEui = (asset.devices[0] as { dev_eui: string }).dev_eui;
      const inside = insideOf(zone);
      // Newer than the asset's last event, older than now; hours apart, so 50 km away is a truck's drive.
      const at = (minutes: number) => new Date(Math.floor(T0 / 1000) * 1000 + minutes * 60_000);
      const uplink = (minutes: number, where: { latitude: number; longitude: number }): Uplink => ({
        devEui,
        at: at(minutes),
        payload: { eventType: 'moving', fix: { ...where, accuracy: 5 } },
      });
      const away = { latitude: inside.latitude + 0.45, longitude: inside.longitude };
      // Two fixes inside first: the asset is known inside whatever state it was in.
      const sent = [uplink(0, inside), uplink(1, inside), uplink(120, away), uplink(130, away), uplink(140, away)];
      for (const u of sent) {
        await publishMqtt(u);
        await waitFor(
          () => call<Asset>('GET', `/api/assets/${asset.id}`, { token: admin }),
          (r) => r.body.last_event?.date === u.at.toISOString(),
          UPLINK_WAIT_MS,
        );
      }
      // The pipeline's hysteresis state stays its own: the API answers the asset without it.
      const after = await call<Record<string, unknown>>('GET', `/api/assets/${asset.id}`, { token: admin });
      expect(after.body).not.toHaveProperty('zone_membership');
      // The second fix outside confirms the departure: one mail, with the zone's name.
      const alarm = await waitForMail(email, 2, UPLINK_WAIT_MS);
      expect(alarm.subject).toBe(`Asset outside the geo zone: ${asset.name}`);
      expect(alarm.text).toContain(`${asset.name} left ${zone.name} at `);

      // A later event through the same bus: once its mail is in, anything the last uplink raised would be too.
      await publishAlarms([
        {
          tenantId: '1',
          kind: 1,
          assetId: asset.id,
          assetName: 'Marker',
          deviceId: 0,
          deviceName: null,
          devEui,
          zoneId: null,
          zoneName: 'marker zone',
          at: at(200).toISOString(),
          latitude: null,
          longitude: null,
        },
      ]);
      await waitForMail(email, 3, UPLINK_WAIT_MS);
      const subjects = (await mailsTo(email)).map((m) => m.subject);
      expect(subjects).toEqual([
        'AWS Notification - Subscription Confirmation',
        `Asset outside the geo zone: ${asset.name}`,
        'Asset outside the geo zone: Marker',
      ]);

      const alarms = await call<{ 'hydra:member': AssetAlarm[] }>('GET', `/api/assets/${asset.id}/alarms`, {
        token: admin,
      });
      expect(
        alarms.body['hydra:member'].some((a) => a.at === at(130).toISOString() && a.recipients.includes(email)),
      ).toBe(true);

      // The processor's outside marker makes that day a loan day for the asset, counted once however often the job runs.
      const days = async () =>
        (await call<{ days_outside_geo_zone: number | null }>('GET', `/api/assets/${asset.id}`, { token: admin })).body
          .days_outside_geo_zone ?? 0;
      const before = await days();
      // Today, not the last fix's day: shortly after midnight that is yesterday, which the seed has counted already.
      const day = amsterdamDay(new Date());
      // The demo tenant's own run: other files' tenants (thousands of contract lines) are not this test's.
      await loanDayJob({ date: day, tenants: ['1'] });
      await loanDayJob({ date: day, tenants: ['1'] });
      expect(await days()).toBe(before + 1);
    },
    TEST_MS,
  );
});
