import { randomBytes } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { handler as loanDayJob } from '../../functions/jobs/loan-days';
import { dynamo, tableName } from '../../functions/lib/data/client';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { startOfAmsterdamDay } from '../../functions/lib/loan-days/amsterdam-day';
import type { LoanDayReport } from '../../functions/lib/loan-days/loan-day-job';
import { auditMonthPartition, daySortKey } from '../../functions/lib/rental-audit/audit-keys';
import { backfillChangeKeys } from '../../functions/lib/rental-audit/change-keys-backfill';
import { lineKey } from '../../functions/lib/rental-contracts/rental-contract-items';
import { reportCheckOf } from '../../functions/lib/report-check/report-check-answer';
import {
  assetReportsPartition,
  type DeliveryReportItem,
  latestReport,
  tenantReportsPartition,
} from '../../functions/lib/report-check/report-items';
import { type WebhookEvent, webhookEventSinks } from '../../functions/lib/webhooks/webhook-events';
import type { RentalAuditReport } from '../../shared/schemas/rental-audit';
import { REPORT_CHECK_SETTLE_MS, REPORT_CHECK_TOLERANCE_MS } from '../../shared/schemas/report-check';
import { call, tokenOf } from '../harness/api';
import {
  addCustomerLogin,
  addTenantUser,
  createOwnTenant,
  type OwnTenant,
  removeOwnTenant,
} from '../harness/own-tenant';
import { pointProcessAtStack } from '../harness/stack';
import { publishMqtt, waitFor } from '../harness/uplinks';

/**
 * The rental audit through the real pipeline (MQTT -> queue -> processor -> visits -> nightly job -> API) in a
 * tenant of this file's own, in April 2026. A depot (the reels' own zone), the delivery site 5 km north, another
 * customer's site 5 km east and a field outside every zone. Four reels, five contract lines, each day checked
 * against a hand-written table; the job runs for the 13th (webhooks), then for the 30th, then again (nothing
 * written); a line changed is recomputed; a client user sees their own customer's lines only. Delivered and empty
 * reports go through the report routes as a transporter and a customer's login send them, their checks are the
 * report check's own, and the month's disagreeing checks are counted from those.
 */
type Where = { latitude: number; longitude: number };
const DEPOT: Where = { latitude: 52.09, longitude: 5.12 };
const SITE: Where = { latitude: 52.135, longitude: 5.12 };
const OTHER: Where = { latitude: 52.09, longitude: 5.2 };
const FIELD: Where = { latitude: 52.2, longitude: 5.3 };
const at = (day: number, hours: number) =>
  new Date(startOfAmsterdamDay(`2026-04-${String(day).padStart(2, '0')}`).getTime() + hours * 3_600_000);

const run = randomBytes(3).toString('hex');
const lineId = (name: string) => `AUD-${run}-${name}`;

let tenant: OwnTenant;
let depot: number;
let site: number;
let customers: { a: number; b: number };
let clientToken: string;
const events: WebhookEvent[] = [];
const sink = async (flushed: WebhookEvent[]) => {
  events.push(...flushed.filter((event) => event.tenantId === String(tenant.tenantId)));
};

const api = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) =>
  call<T>(method, path, { ...tenant.superAdmin, ...(body === undefined ? {} : { body }) });
const audit = (query: string, as: { token: string } = tenant.superAdmin) =>
  call<RentalAuditReport & { violations: { propertyPath: string }[] }>('GET', `/api/rental-audit?${query}`, as);
const nightOf = async (day: string) =>
  (await loanDayJob({ date: day, tenants: [String(tenant.tenantId)] })) as LoanDayReport;

async function created(path: string, body: unknown): Promise<number> {
  const answer = await api<{ id: number }>('POST', path, body);
  expect(answer.status).toBe(201);
  return answer.body.id;
}

async function reel(name: string, client: number) {
  const devEui = randomBytes(8).toString('hex').toUpperCase();
  const device = await created('/api/devices', { name: `Tag ${name}`, dev_eui: devEui });
  const id = await created('/api/assets', { name, devices: [device], geo_zone: depot, client });
  return { id, devEui };
}

/** One fix per hour given, in order, each waited for (the processor judges the newest fix only). */
async function fixes(tag: { id: number; devEui: string }, where: Where, day: number, ...hours: number[]) {
  for (const hour of hours) {
    const when = at(day, hour);
    await publishMqtt({
      devEui: tag.devEui,
      at: when,
      payload: { eventType: 'moving', fix: { ...where, accuracy: 10 } },
    });
    await waitFor(
      () => api<{ last_event: { date: string } | null }>('GET', `/api/assets/${tag.id}`),
      (a) => a.body.last_event?.date === when.toISOString(),
    );
  }
}

/** One fix stamped now (after the report just made), waited for as the asset's last event. */
async function fixNow(tag: { id: number; devEui: string }, where: Where) {
  const when = new Date();
  await publishMqtt({ devEui: tag.devEui, at: when, payload: { eventType: 'still', fix: { ...where, accuracy: 10 } } });
  await waitFor(
    () => api<{ last_event: { date: string } | null }>('GET', `/api/assets/${tag.id}`),
    (a) => a.body.last_event?.date === when.toISOString(),
  );
}

/** A delivered or empty report as the scan screen sends it: PUT on the asset's action, as the user given. */
const report = (tag: { id: number }, action: 'delivered' | 'deregister', as: { token: string }) =>
  call('PUT', `/api/assets/${tag.id}/${action}`, { ...as, body: {} });

const zone = (name: string, where: Where) =>
  created('/api/geo-zones', {
    name,
    geometry: { type: 'Point', coordinates: [where.longitude, where.latitude], radius: 300 },
  });

async function putLine(name: string, line: Record<string, unknown>) {
  const saved = await api('PUT', `/api/rental-contracts/${lineId(name)}`, { status: 'active', ...line });
  expect([200, 201]).toContain(saved.status);
}

/**
 * The expected day strips, one letter a day from the first audited day of April: O on-hire, B over-billed,
 * D overdue, M misplaced, U unbilled, F off-hire, n no data.
 */
const CLASS_OF: Record<string, string> = {
  O: 'on-hire',
  B: 'over-billed',
  D: 'overdue',
  M: 'misplaced',
  U: 'unbilled',
  F: 'off-hire',
  n: 'no-data',
};
const EXPECTED: Record<string, { from: number; strip: string }> = {
  // On hire from the 10th at the site, expected back the 12th, still there the 13th; silent the 12th and after.
  L1: { from: 3, strip: 'nnnnnnn' + 'OOnD' + 'nnnnnnnnnnnnnnnnn' },
  // Billed the 5th to the 15th while the reel stood in the depot (fixes on the 6th and the 13th).
  L2: { from: 1, strip: 'nnnnn' + 'B' + 'nnnnnn' + 'B' + 'nnnnnnnnn' },
  // At the site the day before on-hire, billed the 8th and 9th, at another customer's site the 9th, back at the
  // site after off-hire the 11th.
  L3: { from: 1, strip: 'nnnnnn' + 'UOM' + 'n' + 'U' + 'nnnnn' },
  // An address only: away from the depot is at the customer; one stray fix in the depot the 21st places
  // nothing (a visit needs two), two the 22nd do.
  L4: { from: 13, strip: 'nnnnnnn' + 'OOB' + 'nnnnnnnn' },
};

function strips(report: RentalAuditReport) {
  return Object.fromEntries(
    report.lines.map((line) => [
      line.externalId.replace(`AUD-${run}-`, ''),
      {
        from: Number(line.days[0]?.day.slice(8)),
        strip: line.days.map((day) => Object.entries(CLASS_OF).find(([, name]) => name === day.class)?.[0]).join(''),
      },
    ]),
  );
}

beforeAll(async () => {
  pointProcessAtStack();
  webhookEventSinks.push(sink);
  tenant = await createOwnTenant('Rental audit');
  depot = await zone('Depot', DEPOT);
  site = await zone('Site', SITE);
  await zone('Other site', OTHER);
  const login = await addCustomerLogin(tenant, 'Audit A');
  clientToken = login.token;
  customers = {
    a: login.customerId,
    b: await created('/api/clients', {
      name: 'Audit B',
      company: 'Audit B',
      email: `ab-${run}@own.local`,
    }),
  };
  const [r1, r2, r3, r4] = [
    await reel('Reel 1', customers.a),
    await reel('Reel 2', customers.a),
    await reel('Reel 3', customers.b),
    await reel('Reel 4', customers.b),
  ] as const;
  const atSite = { geoZone: site };
  await putLine('L1', {
    customer: customers.a,
    asset: r1.id,
    onHire: '2026-04-10',
    expectedReturn: '2026-04-12',
    deliverySite: atSite,
  });
  await putLine('L2', {
    customer: customers.a,
    asset: r2.id,
    onHire: '2026-04-05',
    expectedReturn: '2026-04-15',
    offHire: '2026-04-15',
    deliverySite: atSite,
  });
  await putLine('L3', {
    customer: customers.b,
    asset: r3.id,
    onHire: '2026-04-08',
    expectedReturn: '2026-04-09',
    offHire: '2026-04-09',
    deliverySite: atSite,
  });
  await putLine('L4', {
    customer: customers.b,
    asset: r4.id,
    onHire: '2026-04-20',
    deliverySite: { address: 'Dorpsstraat 1, Utrecht' },
  });
  await fixes(r1, SITE, 10, 10, 11);
  await fixes(r1, SITE, 11, 10);
  await fixes(r1, SITE, 13, 10);
  await fixes(r2, DEPOT, 6, 10, 11);
  await fixes(r2, DEPOT, 13, 10);
  await fixes(r3, SITE, 7, 10, 11);
  await fixes(r3, SITE, 8, 10);
  await fixes(r3, OTHER, 9, 10, 11);
  await fixes(r3, SITE, 11, 10, 11);
  await fixes(r4, FIELD, 20, 10, 11);
  await fixes(r4, DEPOT, 21, 10);
  await fixes(r4, FIELD, 21, 11);
  await fixes(r4, DEPOT, 22, 10, 11);
});

afterAll(async () => {
  webhookEventSinks.splice(webhookEventSinks.indexOf(sink), 1);
  await removeOwnTenant(tenant);
});

describe('the rental audit of a month', () => {
  it('audits through the 13th and raises overdue and over-billed once', async () => {
    await nightOf('2026-04-13');
    const byType = (type: string) => events.filter((event) => event.type === type).map((e) => e.data.contract);
    expect(byType('rental_contract.overdue')).toEqual([{ externalId: lineId('L1') }]);
    expect(byType('rental_contract.over_billed')).toEqual([{ externalId: lineId('L2') }]);
    const again = await nightOf('2026-04-13');
    expect(again.auditDaysWritten).toBe(0);
    expect(events.filter((event) => event.type.startsWith('rental_contract.'))).toHaveLength(2);
  });

  it('classifies every line and day of the month as the hand-written table says', async () => {
    await nightOf('2026-04-30');
    const answer = await audit('month=2026-04');
    expect(answer.status).toBe(200);
    expect(strips(answer.body)).toEqual(EXPECTED);
    const l3 = answer.body.lines.find((line) => line.externalId === lineId('L3'));
    const misplaced = l3?.days.find((day) => day.day === '2026-04-09');
    expect(misplaced).toMatchObject({ billed: true, place: 'elsewhere' });
    expect(misplaced?.evidence).toMatchObject({ fixes: 2, places: { 'other-zone': 2 }, reason: null });
    expect(misplaced?.evidence.visits?.map((visit) => visit.kind)).toEqual(['delivery-zone', 'other-zone']);
    expect(answer.body.totals).toMatchObject({ 'on-hire': 5, 'over-billed': 3, overdue: 1, misplaced: 1, unbilled: 2 });
  });

  it('writes nothing when run again', async () => {
    const rerun = await nightOf('2026-04-30');
    expect(rerun.auditDaysWritten).toBe(0);
    expect(rerun.auditItemsRead).toBeGreaterThan(0);
  });

  it("keeps a day the loan days' years, and gives a day stored without an expiry one when it is audited again", async () => {
    const ctx = systemTenantContext(String(tenant.tenantId));
    const key = {
      pk: auditMonthPartition(ctx, '2026-04'),
      sk: daySortKey(customers.a, lineId('L1'), '2026-04-30'),
    };
    const read = async () => (await dynamo().send(new GetCommand({ TableName: tableName(), Key: key }))).Item;
    // The default seven years after 2026: gone at the start of 2034.
    expect((await read())?.expiresAt).toBe(Date.UTC(2034, 0, 1) / 1000);
    await dynamo().send(new UpdateCommand({ TableName: tableName(), Key: key, UpdateExpression: 'REMOVE expiresAt' }));
    const night = await nightOf('2026-04-30');
    expect(night.auditDaysWritten).toBe(1);
    expect((await read())?.expiresAt).toBe(Date.UTC(2034, 0, 1) / 1000);
  });

  it('recomputes a line that changed: a later expected return is no longer overdue', async () => {
    const l1 = (await api<{ customer: number; asset: number }>('GET', `/api/rental-contracts/${lineId('L1')}`)).body;
    await putLine('L1', {
      customer: l1.customer,
      asset: l1.asset,
      onHire: '2026-04-10',
      expectedReturn: '2026-04-20',
      deliverySite: { geoZone: site },
    });
    const night = await nightOf('2026-04-30');
    expect(night.auditDaysWritten).toBeGreaterThan(0);
    const line = (await audit(`month=2026-04&customer=${customers.a}`)).body.lines.find(
      (l) => l.externalId === lineId('L1'),
    );
    expect(line?.days.find((day) => day.day === '2026-04-13')?.class).toBe('on-hire');
    expect(line?.totals.overdue).toBe(0);
  });

  it('shows a client user their own customer’s lines only, without visits, whatever they ask', async () => {
    const own = await audit('month=2026-04', { token: clientToken });
    expect(own.status).toBe(200);
    expect(own.body.customer).toBe(customers.a);
    expect(own.body.lines.map((line) => line.externalId).sort()).toEqual([lineId('L1'), lineId('L2')]);
    expect(own.body.lines.flatMap((line) => line.days).every((day) => day.evidence.visits === undefined)).toBe(true);
    const other = await audit(`month=2026-04&customer=${customers.b}`, { token: clientToken });
    expect(other.body.lines).toEqual([]);
    const stolenCursor = `${String(customers.b).padStart(10, '0')}#${lineId('L3')}#2026-04-01`;
    const jumped = await audit(`month=2026-04&cursor=${encodeURIComponent(stolenCursor)}`, { token: clientToken });
    expect(jumped.body.lines).toEqual([]);
  });

  it('shows another tenant none of these lines, and refuses a bad month with 422', async () => {
    for (const login of ['acme-admin', 'admin']) {
      const answer = await audit('month=2026-04', { token: await tokenOf(login) });
      expect(answer.status).toBe(200);
      expect(answer.body.lines.some((line) => line.externalId.startsWith(`AUD-${run}`))).toBe(false);
    }
    const bad = await audit('month=2026-13');
    expect(bad.status).toBe(422);
    expect(bad.body.violations[0]?.propertyPath).toBe('month');
  });

  it('gives a line saved before the change index its keys, once (the migration step)', async () => {
    const ctx = systemTenantContext(String(tenant.tenantId));
    const key = lineKey(ctx, lineId('L3'));
    await dynamo().send(
      new UpdateCommand({ TableName: tableName(), Key: key, UpdateExpression: 'REMOVE gsi3pk, gsi3sk' }),
    );
    expect(await backfillChangeKeys(ctx)).toEqual({ lines: 4, written: 1 });
    const line = (await dynamo().send(new GetCommand({ TableName: tableName(), Key: key }))).Item;
    expect(line?.gsi3sk).toBe(`${line?.changedAt}#${lineId('L3')}`);
    expect(await backfillChangeKeys(ctx)).toEqual({ lines: 4, written: 0 });
  });

  it("counts the month's disagreeing checks of reports sent through the API, a client user's own only", async () => {
    const ctx = systemTenantContext(String(tenant.tenantId));
    const transporter = { token: await tokenOf(await addTenantUser(tenant, ['ROLE_TRANSPORTER'])) };
    const delivered = await reel('Reel 5', customers.a);
    const emptied = await reel('Reel 6', customers.a);
    const otherCustomers = await reel('Reel 7', customers.b);
    // The transporter reports a's reel delivered, but its tag stays at the depot: disagrees.
    expect((await report(delivered, 'delivered', transporter)).status).toBe(200);
    await fixNow(delivered, DEPOT);
    // a's own login reports its other reel empty while the tag is at the site: agrees.
    expect((await report(emptied, 'deregister', { token: clientToken })).status).toBe(200);
    await fixNow(emptied, SITE);
    // b's reel reported delivered, still at the depot: disagrees.
    expect((await report(otherCustomers, 'delivered', transporter)).status).toBe(200);
    await fixNow(otherCustomers, DEPOT);
    // A check is stored by the first read after its window (hours long): the same code, read as of then.
    const stored: DeliveryReportItem[] = [];
    for (const reported of [delivered, emptied, otherCustomers]) {
      const item = await latestReport(ctx, reported.id);
      if (!item) throw new Error(`no report of asset ${reported.id}`);
      const later = Date.parse(item.reportedAt) + REPORT_CHECK_TOLERANCE_MS + REPORT_CHECK_SETTLE_MS;
      expect(await reportCheckOf(ctx, { ...item, stored: true }, later)).toMatchObject({ settled: true });
      stored.push((await latestReport(ctx, reported.id)) as DeliveryReportItem);
    }
    expect(stored.map((item) => [item.kind, item.clientId, item.check?.result, item.check?.reason])).toEqual([
      ['delivered', customers.a, 'disagree', 'at-depot'],
      ['empty', customers.a, 'agree', 'away'],
      ['delivered', customers.b, 'disagree', 'at-depot'],
    ]);
    // Made seconds apart, the reports share a month unless a month ended meanwhile: count per month either way.
    const months = [...new Set(stored.map((item) => item.reportedAt.slice(0, 7)))];
    const disagreeing = (month: string, customer?: number) =>
      stored.filter(
        (item) =>
          item.reportedAt.startsWith(month) &&
          item.check?.result === 'disagree' &&
          (customer === undefined || item.clientId === customer),
      ).length;
    let total = 0;
    for (const month of months) {
      const all = (await audit(`month=${month}`)).body.disagreeingChecks;
      expect(all).toBe(disagreeing(month));
      total += all ?? 0;
      expect((await audit(`month=${month}&customer=${customers.a}`)).body.disagreeingChecks).toBe(
        disagreeing(month, customers.a),
      );
      const own = await audit(`month=${month}`, { token: clientToken });
      expect(own.body).toMatchObject({ customer: customers.a, disagreeingChecks: disagreeing(month, customers.a) });
      const other = await audit(`month=${month}&customer=${customers.b}`, { token: clientToken });
      expect(other.body.lines).toEqual([]);
      expect(other.body.disagreeingChecks).toBeUndefined();
    }
    expect(total).toBe(2);
    // April's audit counts none of them: the reports are of today.
    expect((await audit('month=2026-04')).body.disagreeingChecks).toBe(0);
  });

  it('changes nothing when the job runs again after the reports', async () => {
    const before = await audit('month=2026-04');
    const rerun = await nightOf('2026-04-30');
    expect(rerun.auditDaysWritten).toBe(0);
    expect((await audit('month=2026-04')).body).toEqual(before.body);
    const own = await audit('month=2026-04', { token: clientToken });
    expect(new Set(own.body.lines.map((line) => line.customer))).toEqual(new Set([customers.a]));
  });

  it("counts a report's disagreeing check in the Amsterdam month of the report's time", async () => {
    const ctx = systemTenantContext(String(tenant.tenantId));
    // Disagreeing: a's in April, b's in April, a's at 00:30 on the 1st of May in Amsterdam (still April 30th in
    // UTC), b's at 00:30 on the 1st of April in Amsterdam (still March 31st in UTC); agreeing: a's in April. The
    // audit's days are Amsterdam days, so its months are Amsterdam months.
    const reports: [string, number, string][] = [
      ['2026-04-20T10:00:00.000Z', customers.a, 'disagree'],
      ['2026-04-21T10:00:00.000Z', customers.b, 'disagree'],
      ['2026-04-30T22:30:00.000Z', customers.a, 'disagree'],
      ['2026-03-31T22:30:00.000Z', customers.b, 'disagree'],
      ['2026-04-22T10:00:00.000Z', customers.a, 'agree'],
    ];
    for (const [n, [at, clientId, result]] of reports.entries()) {
      await dynamo().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            pk: assetReportsPartition(ctx, 900_000 + n),
            sk: `REPORT#${at}`,
            entityType: 'DELIVERY_REPORT',
            tenantId: ctx.tenantId,
            assetId: 900_000 + n,
            kind: 'delivered',
            reportedAt: at,
            reportedBy: null,
            clientId,
            depotId: null,
            check: { result, reason: 'at-depot', settledAt: at },
            gsi1pk: tenantReportsPartition(ctx),
            gsi1sk: `${at}#${900_000 + n}`,
          },
        }),
      );
    }
    expect((await audit('month=2026-04')).body.disagreeingChecks).toBe(3);
    expect((await audit(`month=2026-04&customer=${customers.a}`)).body.disagreeingChecks).toBe(1);
    expect((await audit(`month=2026-04&customer=${customers.b}`)).body.disagreeingChecks).toBe(2);
    expect((await audit('month=2026-05')).body.disagreeingChecks).toBe(1);
    expect((await audit('month=2026-03')).body.disagreeingChecks).toBe(0);
    expect((await audit('month=2026-04', { token: clientToken })).body.disagreeingChecks).toBe(1);
    const other = await audit(`month=2026-04&customer=${customers.b}`, { token: clientToken });
    expect(other.body.disagreeingChecks).toBeUndefined();
  });

  it('drops the stored days of a line cancelled since it was audited, and judges it no more', async () => {
    const cancelled = await api('DELETE', `/api/rental-contracts/${lineId('L3')}`);
    expect(cancelled.status).toBeLessThan(300);
    const night = await nightOf('2026-04-30');
    expect(night.auditDaysDeleted).toBe(EXPECTED.L3?.strip.length);
    const answer = await audit(`month=2026-04&customer=${customers.b}`);
    expect(answer.body.lines.map((line) => line.externalId)).toEqual([lineId('L4')]);
    const again = await nightOf('2026-04-30');
    expect(again).toMatchObject({ auditDaysWritten: 0, auditDaysDeleted: 0 });
  });
});
