import { randomBytes } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { handler as loanDayJob } from '../../functions/jobs/loan-days';
import { dynamo, tableName } from '../../functions/lib/data/client';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { amsterdamDay, startOfAmsterdamDay } from '../../functions/lib/loan-days/amsterdam-day';
import type { LoanDayReport } from '../../functions/lib/loan-days/loan-day-job';
import { markSortKey, marksPartition } from '../../functions/lib/rental-audit/audit-keys';
import { clearMark, isLateDay } from '../../functions/lib/rental-audit/audit-marks';
import type { RentalAuditReport } from '../../shared/schemas/rental-audit';
import { call } from '../harness/api';
import { createOwnTenant, type OwnTenant, removeOwnTenant } from '../harness/own-tenant';
import { pointProcessAtStack } from '../harness/stack';
import { publishMqtt, waitFor } from '../harness/uplinks';

/**
 * A fix sent days late (a tag's buffer) through the real pipeline: the nightly job rechecks only the newest days of
 * a line that did not change, so the pipeline marks the asset's late day and the job audits the asset's lines
 * again from it, then deletes the mark. In a tenant of this file's own, in June 2026: a depot, a delivery site,
 * one reel on one line from the 1st.
 */
type Where = { latitude: number; longitude: number };
const DEPOT: Where = { latitude: 52.09, longitude: 5.12 };
const SITE: Where = { latitude: 52.135, longitude: 5.12 };
const FIELD: Where = { latitude: 52.2, longitude: 5.3 };
const at = (day: number, hours: number) =>
  new Date(startOfAmsterdamDay(`2026-06-${String(day).padStart(2, '0')}`).getTime() + hours * 3_600_000);

const run = randomBytes(3).toString('hex');
const lineId = `LATE-${run}`;
let tenant: OwnTenant;
let reel: { id: number; devEui: string };

const api = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) =>
  call<T>(method, path, { ...tenant.superAdmin, ...(body === undefined ? {} : { body }) });
const nightOf = async (day: string) =>
  (await loanDayJob({ date: day, tenants: [String(tenant.tenantId)] })) as LoanDayReport;
const ctx = () => systemTenantContext(String(tenant.tenantId));

async function created(path: string, body: unknown): Promise<number> {
  const answer = await api<{ id: number }>('POST', path, body);
  expect(answer.status).toBe(201);
  return answer.body.id;
}

const zone = (name: string, where: Where) =>
  created('/api/geo-zones', {
    name,
    geometry: { type: 'Point', coordinates: [where.longitude, where.latitude], radius: 300 },
  });

const fix = (where: Where, when: Date) =>
  publishMqtt({ devEui: reel.devEui, at: when, payload: { eventType: 'moving', fix: { ...where, accuracy: 10 } } });

/** Fixes that advance the reel, each waited for (the processor judges the newest fix only). */
async function fixes(where: Where, day: number, ...hours: number[]) {
  for (const hour of hours) {
    const when = at(day, hour);
    await fix(where, when);
    await waitFor(
      () => api<{ last_event: { date: string } | null }>('GET', `/api/assets/${reel.id}`),
      (a) => a.body.last_event?.date === when.toISOString(),
    );
  }
}

const marks = async () =>
  (
    await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': marksPartition(ctx()) },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];

const markOf = async (day: string) =>
  (
    await dynamo().send(
      new GetCommand({ TableName: tableName(), Key: { pk: marksPartition(ctx()), sk: markSortKey(reel.id, day) } }),
    )
  ).Item;

async function dayOf(day: string) {
  const answer = await call<RentalAuditReport>('GET', '/api/rental-audit?month=2026-06', tenant.superAdmin);
  return answer.body.lines.find((line) => line.externalId === lineId)?.days.find((d) => d.day === day);
}

beforeAll(async () => {
  pointProcessAtStack();
  tenant = await createOwnTenant('Rental audit late fixes');
  const depot = await zone('Depot', DEPOT);
  const site = await zone('Site', SITE);
  const customer = await created('/api/clients', { name: 'Late', company: 'Late', email: `late-${run}@own.local` });
  const devEui = randomBytes(8).toString('hex').toUpperCase();
  const device = await created('/api/devices', { name: 'Tag late', dev_eui: devEui });
  reel = { id: await created('/api/assets', { name: 'Late reel', devices: [device], geo_zone: depot }), devEui };
  const saved = await api('PUT', `/api/rental-contracts/${lineId}`, {
    status: 'active',
    customer,
    asset: reel.id,
    onHire: '2026-06-01',
    expectedReturn: '2026-06-30',
    deliverySite: { geoZone: site },
  });
  expect([200, 201]).toContain(saved.status);
  await fixes(SITE, 10, 10, 11);
  await fixes(SITE, 20, 10);
});

afterAll(async () => {
  await removeOwnTenant(tenant);
});

describe('a fix sent days late', () => {
  it('is audited again from its day by the next night, which then deletes its mark', async () => {
    await nightOf('2026-06-20');
    expect(await marks()).toEqual([]);
    expect((await dayOf('2026-06-05'))?.class).toBe('no-data');
    // The 5th is far older than the newest days a night rechecks; the reel has long moved on.
    await fix(FIELD, at(5, 10));
    await waitFor(
      () => markOf('2026-06-05'),
      (mark) => mark !== undefined,
    );
    const night = await nightOf('2026-06-20');
    expect(night.auditDaysWritten).toBeGreaterThan(0);
    const late = await dayOf('2026-06-05');
    expect(late?.class).toBe('misplaced');
    expect(late?.evidence.fixes).toBe(1);
    expect(await marks()).toEqual([]);
    expect((await nightOf('2026-06-20')).auditDaysWritten).toBe(0);
  });

  it('marks only days older than the night rechecks anyway', () => {
    const now = new Date();
    const today = amsterdamDay(now);
    expect(isLateDay(today, now)).toBe(false);
    expect(isLateDay(amsterdamDay(new Date(now.getTime() - 3 * 86_400_000)), now)).toBe(true);
  });

  it('keeps a mark written again after the night read it', async () => {
    const mark = { assetId: reel.id, day: '2026-06-06', markedAt: '2026-12-01T00:00:00.000Z' };
    const item = { pk: marksPartition(ctx()), sk: markSortKey(reel.id, mark.day), ...mark };
    await dynamo().send(
      new PutCommand({ TableName: tableName(), Item: { ...item, markedAt: '2026-12-01T00:00:01.000Z' } }),
    );
    expect(await clearMark(ctx(), mark)).toBe(false);
    expect((await markOf(mark.day))?.markedAt).toBe('2026-12-01T00:00:01.000Z');
    expect(await clearMark(ctx(), { ...mark, markedAt: '2026-12-01T00:00:01.000Z' })).toBe(true);
    expect(await markOf(mark.day)).toBeUndefined();
  });
});
