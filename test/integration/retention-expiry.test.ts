import { randomBytes } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { handler as loanDayJob } from '../../functions/jobs/loan-days';
import { handler as tenantWalkJob } from '../../functions/jobs/tenant-walks';
import { sentAlarmsPartition } from '../../functions/lib/alarms/sent-alarms';
import { auditPartition } from '../../functions/lib/audit/audit-log';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { deviceEventsPartition } from '../../functions/lib/events/event-repository';
import { amsterdamDay } from '../../functions/lib/loan-days/amsterdam-day';
import { loanDayPartition } from '../../functions/lib/loan-days/loan-day-records';
import { assetVisitsPartition } from '../../functions/lib/visits/visit-keys';
import { TABLE_NAME } from '../../scripts/local/config';
import { DEFAULT_RETENTION } from '../../shared/schemas/retention';
import { call } from '../harness/api';
import { localTable, pointProcessAtStack } from '../harness/stack';
import { createSweepTenant, removeSweepTenant, type SweepTenant } from '../harness/sweep/sweep-tenant';
import { publishMqtt, waitFor } from '../harness/uplinks';

/**
 * Every kind of record a tenant's retention periods name gets its TTL from that tenant's period when it is
 * written: located events (after their own date), alarms (after the event that raised them), zone visits (after
 * the departure: an open visit never expires), and loan-day records (whole bookkeeping years). Periods unlike
 * the defaults, saved before anything is written, in a tenant of this file's own; the items read from the table.
 */
const KEPT = {
  ...DEFAULT_RETENTION,
  locatedEventDays: 45,
  alarmDays: 61,
  zoneVisitDays: 77,
  loanDayYears: 9,
};
const HOME = { latitude: 52.09, longitude: 5.12 };
const AWAY = { latitude: 52.54, longitude: 5.12 };
/** The first uplink's time; the last is 140 minutes later, still before the test starts. */
const T0 = Math.floor((Date.now() - 150 * 60_000) / 1000) * 1000;
const at = (minutes: number) => new Date(T0 + minutes * 60_000);
const days = (expiresAt: unknown, from: string) => (Number(expiresAt) - Date.parse(from) / 1000) / 86_400;

describe("records kept for the tenant's periods", () => {
  let tenant: SweepTenant;
  const api = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) =>
    call<T>(method, path, { ...tenant.superAdmin, ...(body === undefined ? {} : { body }) });
  const query = async (pk: string) =>
    (
      await localTable().client.send(
        new QueryCommand({
          TableName: TABLE_NAME,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': pk },
        }),
      )
    ).Items ?? [];

  beforeAll(async () => {
    // The loan-day job runs in this process, as the scheduled Lambda would.
    pointProcessAtStack();
    tenant = await createSweepTenant('retention expiry');
    const saved = await api('PUT', '/api/retention-settings', { ...KEPT, version: null });
    expect(saved.status).toBe(200);
  });
  afterAll(() => removeSweepTenant(tenant));

  it('gives events, the alarm, the closed visit and the loan-day records their expiry', async () => {
    const ctx = systemTenantContext(tenant.tenantId);
    const zone = await api<{ id: number }>('POST', '/api/geo-zones', {
      name: 'Yard',
      geometry: { type: 'Point', coordinates: [HOME.longitude, HOME.latitude], radius: 300 },
    });
    const rule = await api('POST', '/api/alarms', {
      name: 'Left the yard',
      type: 1,
      text: '{asset_name} left {zone_name}',
      email: `retention-${Date.now()}@example.com`,
    });
    const devEui = randomBytes(8).toString('hex').toUpperCase();
    const tag = await api<{ id: number }>('POST', '/api/devices', { name: 'Tag', dev_eui: devEui });
    const asset = await api<{ id: number }>('POST', '/api/assets', {
      name: 'Reel R-1',
      devices: [tag.body.id],
      geo_zone: zone.body.id,
    });
    expect([zone.status, rule.status, tag.status, asset.status]).toEqual([201, 201, 201, 201]);
    const readAsset = () => api<{ last_event: { date: string } | null }>('GET', `/api/assets/${asset.body.id}`);

    // In the yard twice, then two fixes away: the departure is confirmed, the visit closes, the rule fires.
    for (const [minutes, where] of [
      [0, HOME],
      [1, HOME],
      [120, AWAY],
      [140, AWAY],
    ] as const) {
      const when = at(minutes);
      await publishMqtt({ devEui, at: when, payload: { eventType: 'moving', fix: { ...where, accuracy: 5 } } });
      await waitFor(readAsset, (answer) => answer.body.last_event?.date === when.toISOString());
    }

    const events = await query(deviceEventsPartition(ctx, tag.body.id));
    expect(events).toHaveLength(4);
    for (const event of events) expect(days(event.expiresAt, String(event.date))).toBeCloseTo(45, 5);

    const visits = await query(assetVisitsPartition(ctx, asset.body.id));
    const closed = visits.find((visit) => visit.leftAt);
    expect(closed).toBeDefined();
    expect(days(closed?.expiresAt, String(closed?.leftAt))).toBeCloseTo(77, 5);
    // Still inside somewhere would have no expiry: no open visit here, the asset left its only zone.
    expect(visits.filter((visit) => !visit.leftAt)).toEqual([]);

    const alarms = await waitFor(
      () => query(sentAlarmsPartition(ctx, { assetId: asset.body.id, deviceId: tag.body.id })),
      (items) => items.length > 0,
    );
    expect(days(alarms[0]?.expiresAt, String(alarms[0]?.at))).toBeCloseTo(61, 5);

    // The day away is counted (its record kept 9 whole years after its year), then reset by a person.
    const day = amsterdamDay(at(140));
    await loanDayJob({ date: day, tenants: [String(tenant.tenantId)] });
    expect((await api('PUT', `/api/assets/${asset.body.id}/days-outside-geo-zone/reset`, {})).status).toBe(200);
    const months = new Set([day.slice(0, 7), amsterdamDay(new Date()).slice(0, 7)]);
    const records = (await Promise.all([...months].map((month) => query(loanDayPartition(ctx, month))))).flat();
    expect(records.map((record) => record.kind).sort()).toEqual(['day', 'reset']);
    for (const record of records) {
      const year = Number(String(record.day ?? record.at).slice(0, 4));
      expect(record.expiresAt).toBe(Date.UTC(year + 10, 0, 1) / 1000);
    }

    // The periods change: the records kept before get the new ones, counted from the same dates, once the
    // tenant-walk job has walked the tenant (and an audit entry written before the change is re-dated too).
    const current = await api<{ version: number }>('GET', '/api/retention-settings');
    const LATER = {
      ...KEPT,
      locatedEventDays: 31,
      alarmDays: 400,
      zoneVisitDays: 90,
      loanDayYears: 12,
      auditEntryDays: 100,
    };
    expect((await api('PUT', '/api/retention-settings', { ...LATER, version: current.body.version })).status).toBe(200);
    expect((await tenantWalkJob({ tenants: [String(tenant.tenantId)] })).redatings).toEqual({ finished: 1, left: 0 });
    for (const event of await query(deviceEventsPartition(ctx, tag.body.id)))
      expect(days(event.expiresAt, String(event.date))).toBeCloseTo(31, 5);
    const [alarm] = await query(sentAlarmsPartition(ctx, { assetId: asset.body.id, deviceId: tag.body.id }));
    expect(days(alarm?.expiresAt, String(alarm?.at))).toBeCloseTo(400, 5);
    const visit = (await query(assetVisitsPartition(ctx, asset.body.id))).find((item) => item.leftAt);
    expect(days(visit?.expiresAt, String(visit?.leftAt))).toBeCloseTo(90, 5);
    for (const record of (await Promise.all([...months].map((month) => query(loanDayPartition(ctx, month))))).flat()) {
      const year = Number(String(record.day ?? record.at).slice(0, 4));
      expect(record.expiresAt).toBe(Date.UTC(year + 13, 0, 1) / 1000);
    }
    const audit = await query(auditPartition(ctx));
    expect(audit.length).toBeGreaterThan(3);
    // An entry is timed to the millisecond, its expiry to the second.
    for (const entry of audit) expect(days(entry.expiresAt, String(entry.at))).toBeCloseTo(100, 4);
    // Done: a second run finds nothing to re-date.
    expect((await tenantWalkJob({ tenants: [String(tenant.tenantId)] })).redatings).toEqual({ finished: 0, left: 0 });
  }, 120_000);
});
