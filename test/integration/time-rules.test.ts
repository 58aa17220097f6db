import { randomBytes } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { handler as timeRuleJob } from '../../functions/jobs/time-rules';
import { dynamo, tableName } from '../../functions/lib/data/client';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { type TimerItem, timerKey } from '../../functions/lib/time-rules/timer-store';
import { type WebhookEvent, webhookEventSinks } from '../../functions/lib/webhooks/webhook-events';
import { DURATION_DAYS_INVALID, DURATION_NOT_TAKEN, DURATION_REQUIRED } from '../../shared/schemas/alarm';
import { call } from '../harness/api';
import { pointProcessAtStack } from '../harness/stack';
import { createSweepTenant, removeSweepTenant, type SweepTenant } from '../harness/sweep/sweep-tenant';
import { publishMqtt, waitFor } from '../harness/uplinks';

/**
 * Time rules through the local stack: uplinks (MQTT -> queue -> processor) and asset saves start and end the
 * time conditions of an asset; the time-rule job, run here with a given `now` as the schedule would run it
 * later, fires each rule once per condition start (a sent alarm on the asset), re-plans when a rule's duration
 * changes, clears what ended, and reads only what is due. A second tenant's rules and assets never mix in.
 */
type Where = { latitude: number; longitude: number };
type Collection<T> = { 'hydra:member': T[]; 'hydra:totalItems': number };
type SentAlarm = { ruleId: number; type: number; at: string; text: string };
type Violations = { violations: { propertyPath: string; message: string }[] };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The yard (the assets' own zone) and a customer's site 5 km north, circles of 300 m. */
const HOME: Where = { latitude: 52.09, longitude: 5.12 };
const SITE: Where = { latitude: 52.135, longitude: 5.12 };
/** Fixes in the past: the pipeline takes history in order, and the job is told the time. */
const B = Date.parse('2026-02-02T08:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

describe('time rules', () => {
  let a: SweepTenant;
  let b: SweepTenant;
  const rules: Record<6 | 7 | 8 | 9, number> = { 6: 0, 7: 0, 8: 0, 9: 0 };
  let reel: number;
  let overdue: number;
  let otherReel: number;
  let tag: { id: number; devEui: string };
  const events: WebhookEvent[] = [];
  const sink = async (batch: WebhookEvent[]) => {
    events.push(...batch);
  };

  const api = <T = Record<string, unknown>>(as: SweepTenant, method: string, path: string, body?: unknown) =>
    call<T>(method, path, { ...as.superAdmin, ...(body === undefined ? {} : { body }) });
  const run = (now: number) => timeRuleJob({ now: iso(now), tenants: [String(a.tenantId), String(b.tenantId)] });
  const timer = async (as: SweepTenant, assetId: number) =>
    (
      await dynamo().send(
        new GetCommand({
          TableName: tableName(),
          Key: timerKey(systemTenantContext(String(as.tenantId)), assetId),
          ConsistentRead: true,
        }),
      )
    ).Item as TimerItem | undefined;
  const sent = async (as: SweepTenant, assetId: number) =>
    (await api<Collection<SentAlarm>>(as, 'GET', `/api/assets/${assetId}/alarms`)).body['hydra:member'];
  const newTag = async (as: SweepTenant, name: string) => {
    const devEui = randomBytes(8).toString('hex').toUpperCase();
    const created = await api<{ id: number }>(as, 'POST', '/api/devices', { name, dev_eui: devEui });
    expect(created.status).toBe(201);
    return { id: created.body.id, devEui };
  };
  const newZone = async (as: SweepTenant, name: string, centre: Where) => {
    const geometry = { type: 'Point', coordinates: [centre.longitude, centre.latitude], radius: 300 };
    const created = await api<{ id: number }>(as, 'POST', '/api/geo-zones', { name, geometry });
    expect(created.status).toBe(201);
    return created.body.id;
  };
  const newRule = async (as: SweepTenant, type: number, duration: number | null) => {
    const email = `time-rules-${type}-${Date.now()}@example.com`;
    const body = {
      name: `Rule ${type}`,
      type,
      text: `{asset_name} rule ${type} {duration} {scheduled}`,
      email,
      duration,
    };
    const created = await api<{ id: number; duration: number | null }>(as, 'POST', '/api/alarms', body);
    expect(created.status).toBe(201);
    expect(created.body.duration).toBe(duration);
    return created.body.id;
  };
  const uplink = async (as: SweepTenant, device: { devEui: string }, assetId: number, ms: number, where: Where) => {
    const fix = { ...where, accuracy: 10 };
    await publishMqtt({ devEui: device.devEui, at: new Date(ms), payload: { eventType: 'moving', fix } });
    await waitFor(
      () => api<{ last_event: { date: string } | null }>(as, 'GET', `/api/assets/${assetId}`),
      (r) => r.body.last_event?.date === iso(ms),
    );
  };

  beforeAll(async () => {
    // The job runs in this process, as the scheduled Lambda would, against the test stack's table and bus.
    pointProcessAtStack();
    webhookEventSinks.push(sink);
    [a, b] = await Promise.all([createSweepTenant('time rules'), createSweepTenant('time rules other')]);
    const yard = await newZone(a, 'Yard', HOME);
    await newZone(a, 'Site', SITE);
    rules[6] = await newRule(a, 6, 10);
    rules[7] = await newRule(a, 7, 1);
    rules[8] = await newRule(a, 8, 2);
    rules[9] = await newRule(a, 9, null);
    tag = await newTag(a, 'Tag A');
    const created = await api<{ id: number }>(a, 'POST', '/api/assets', {
      name: 'Reel T-1',
      devices: [tag.id],
      geo_zone: yard,
    });
    expect(created.status).toBe(201);
    reel = created.body.id;
    // The other tenant: an idle reel and an idle rule of a year (never due within this test's times).
    await newRule(b, 7, 365);
    const tagB = await newTag(b, 'Tag B');
    const other = await api<{ id: number }>(b, 'POST', '/api/assets', { name: 'Reel B-1', devices: [tagB.id] });
    otherReel = other.body.id;
    await uplink(b, tagB, otherReel, B, HOME);
  });

  afterAll(async () => {
    webhookEventSinks.splice(webhookEventSinks.indexOf(sink), 1);
    await removeSweepTenant(a);
    await removeSweepTenant(b);
  });

  it('refuses a missing, unbounded or foreign duration with its message', async () => {
    const post = (body: Record<string, unknown>) =>
      api<Violations>(a, 'POST', '/api/alarms', { name: 'Bad', text: 'x', email: null, ...body });
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 6 }, DURATION_REQUIRED],
      [{ type: 7, duration: 400 }, DURATION_DAYS_INVALID],
      [{ type: 8, duration: -1 }, DURATION_DAYS_INVALID],
      [{ type: 2, duration: 5 }, DURATION_NOT_TAKEN],
    ];
    for (const [body, message] of cases) {
      const refused = await post(body);
      expect(refused.status).toBe(422);
      expect(refused.body.violations).toEqual([{ propertyPath: 'duration', message }]);
    }
  });

  it('starts the conditions with the uplinks and fires nothing before their durations', async () => {
    await uplink(a, tag, reel, B, HOME);
    // Leaves the yard for the site: the departure and the arrival confirmed by the second fix.
    await uplink(a, tag, reel, B + HOUR, SITE);
    await uplink(a, tag, reel, B + 1.5 * HOUR, SITE);
    const stored = (await timer(a, reel)) as TimerItem;
    expect(Object.keys(stored.starts).sort()).toEqual(['6', '7', '8']);
    // The common path: another fix where it stands changes no condition, so the timer is not written (same rev).
    await uplink(a, tag, reel, B + 1.75 * HOUR, SITE);
    expect(((await timer(a, reel)) as TimerItem).rev).toBe(stored.rev);
    const early = await run(B + 2 * HOUR);
    expect(early).toMatchObject({ fired: 0, cleared: 0 });
    expect(await sent(a, reel)).toEqual([]);
  });

  it('moves the due time when a rule’s duration changes, then fires once', async () => {
    const starts = ((await timer(a, reel)) as TimerItem).starts;
    const outsideSince = Date.parse(starts[6] as string);
    // Planned for 10 hours: at 3 hours nothing is due.
    expect(await run(outsideSince + 3 * HOUR)).toMatchObject({ fired: 0 });
    const rule = (await api<{ version: number; email: string }>(a, 'GET', `/api/alarms/${rules[6]}`)).body;
    const body = { name: 'Rule 6', type: 6, text: '{asset_name} outside {duration}', email: rule.email, duration: 2 };
    const changed = await api(a, 'PUT', `/api/alarms/${rules[6]}`, { ...body, version: rule.version });
    expect(changed.status).toBe(200);
    const after = await run(outsideSince + 3 * HOUR);
    expect(after.replanned).toBeGreaterThanOrEqual(1);
    expect(after.fired).toBe(1);
    // The rerun at the same time fires nothing more.
    expect(await run(outsideSince + 3 * HOUR)).toMatchObject({ fired: 0, replanned: 0 });
  });

  it('fires idle and at-one-site once each after their durations, reading only what is due', async () => {
    const starts = ((await timer(a, reel)) as TimerItem).starts;
    const idle = await run(Date.parse(starts[7] as string) + DAY + 60_000);
    expect(idle).toMatchObject({ fired: 1 });
    const site = await run(Date.parse(starts[8] as string) + 2 * DAY + 60_000);
    // Only the one timer due (the other tenant's reel is not due for a year): its entry and its asset read.
    expect(site).toMatchObject({ fired: 1, due: 1 });
    expect(await run(Date.parse(starts[8] as string) + 2 * DAY + 60_000)).toMatchObject({ fired: 0, due: 0 });
    const alarms = await waitFor(
      () => sent(a, reel),
      (list) => list.length === 3,
    );
    expect(alarms.map((alarm) => alarm.ruleId).sort()).toEqual([rules[6], rules[7], rules[8]].sort());
    expect(alarms.find((alarm) => alarm.type === 8)?.text).toContain('Reel T-1 rule 8 2 days');
  });

  it('clears when the asset comes back and fires again after it leaves again', async () => {
    await uplink(a, tag, reel, B + 3 * DAY, HOME);
    await uplink(a, tag, reel, B + 3 * DAY + 0.5 * HOUR, HOME);
    // Back in its yard: outside and site ended, idle restarted (the processor wrote the timer, fired entries gone).
    const back = (await timer(a, reel)) as TimerItem;
    expect(Object.keys(back.starts)).toEqual(['7']);
    expect(back.fired6 ?? back.fired8 ?? back.fired7).toBeUndefined();
    await uplink(a, tag, reel, B + 4 * DAY, SITE);
    await uplink(a, tag, reel, B + 4 * DAY + 0.5 * HOUR, SITE);
    const outsideSince = Date.parse(((await timer(a, reel)) as TimerItem).starts[6] as string);
    expect(await run(outsideSince + 3 * HOUR)).toMatchObject({ fired: 1 });
    await waitFor(
      () => sent(a, reel),
      (list) => list.filter((alarm) => alarm.type === 6).length === 2,
    );
  });

  it('fires overdue when the scheduled day is over, and a cleared date ends it', async () => {
    const yard = (await api<{ geo_zone: { id: number } }>(a, 'GET', `/api/assets/${reel}`)).body.geo_zone.id;
    const day = iso(Date.now() + DAY).slice(0, 10);
    const created = await api<{ id: number; version: number }>(a, 'POST', '/api/assets', {
      name: 'Reel T-2',
      geo_zone: yard,
      scheduled: day,
    });
    expect(created.status).toBe(201);
    overdue = created.body.id;
    const over = Date.parse(`${day}T12:00:00.000Z`) + DAY;
    expect(((await timer(a, overdue)) as TimerItem).starts[9]).toBe(iso(over));
    await run(over - 60_000);
    expect(await sent(a, overdue)).toEqual([]);
    await run(over + 60_000);
    const [alarm] = await waitFor(
      () => sent(a, overdue),
      (list) => list.length === 1,
    );
    expect(alarm).toMatchObject({ ruleId: rules[9], type: 9 });
    expect(alarm?.text).toContain(`Reel T-2 rule 9 {duration} ${day}`);
    // The date cleared by a person: the condition ends, the timer goes, and what fired clears (alarm.cleared).
    const cleared = await api(a, 'PUT', `/api/assets/${overdue}`, {
      name: 'Reel T-2',
      scheduled: null,
      version: created.body.version,
    });
    expect(cleared.status).toBe(200);
    expect(await timer(a, overdue)).toBeUndefined();
  });

  it('never mixes tenants: the other tenant’s reel fired nothing, its rule never ran for these assets', async () => {
    expect(await sent(b, otherReel)).toEqual([]);
    expect(await timer(b, otherReel)).toBeDefined();
    // Ids are per tenant: the other tenant's admin does not find this tenant's rule.
    expect((await api(b, 'GET', `/api/alarms/${rules[6] + 1000}`)).status).toBe(404);
    // The job's clears reached the webhook events of their own tenant only.
    expect(events.every((event) => event.tenantId === String(a.tenantId) || event.type !== 'alarm.cleared')).toBe(true);
  });
});
