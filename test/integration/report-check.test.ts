import { randomBytes } from 'node:crypto';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { reportCheckOf } from '../../functions/lib/report-check/report-check-answer';
import { latestReport, reportsOfPeriod } from '../../functions/lib/report-check/report-items';
import { handlerEnvironment, type PortName } from '../../scripts/local/config';
import type { ReportCheckAnswer } from '../../shared/schemas/report-check';
import { call } from '../harness/api';
import { addCustomerLogin, createOwnTenant, type OwnTenant, removeOwnTenant } from '../harness/own-tenant';
import { readStack } from '../harness/stack';
import { publishLorawan, waitFor } from '../harness/uplinks';

/**
 * Delivered / empty reports checked against the tag through the real local pipeline (uplinks -> ingest ->
 * processor -> the asset's track), in a tenant of this file's own: the tag at the site agrees, still at the
 * depot disagrees, a silent tag has no data; client users see only their own customer's reports, without
 * zones; a settled check is stored on the report for the invoice audit.
 */
type Where = { latitude: number; longitude: number };
type Reel = { devEui: string; assetId: number };

const DEPOT = { latitude: 52.3, longitude: 4.9 };
const offset = (north: number, east = 0): Where => ({
  latitude: DEPOT.latitude + north / 111_195,
  longitude: DEPOT.longitude + east / (111_195 * Math.cos((DEPOT.latitude * Math.PI) / 180)),
});
const SITE = offset(12_000, 3_000);

let tenant: OwnTenant;
let depotId: number;
let customerA: Awaited<ReturnType<typeof addCustomerLogin>>;
let customerB: Awaited<ReturnType<typeof addCustomerLogin>>;
const api = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) =>
  call<T>(method, path, { ...tenant.superAdmin, ...(body === undefined ? {} : { body }) });
const checkOf = (assetId: number, as: { token: string } = tenant.superAdmin) =>
  call<ReportCheckAnswer & { message?: string }>('GET', `/api/assets/${assetId}/report-check`, as);

async function newReel(name: string, client: number): Promise<Reel> {
  const devEui = randomBytes(8).toString('hex').toUpperCase();
  const device = await api<{ id: number }>('POST', '/api/devices', { dev_eui: devEui });
  expect(device.status).toBe(201);
  const asset = await api<{ id: number }>('POST', '/api/assets', {
    name: `${name} ${devEui.slice(0, 4)}`,
    devices: [device.body.id],
    geo_zone: depotId,
    client,
  });
  expect(asset.status).toBe(201);
  return { devEui, assetId: asset.body.id };
}

/** One fix, stamped `when`; waits until it is the asset's last event. */
async function fixAt(reel: Reel, when: Date, where: Where, accuracy = 10) {
  await publishLorawan({ devEui: reel.devEui, at: when, payload: { eventType: 'still', fix: { ...where, accuracy } } });
  await waitFor(
    () => api<{ last_event: { date: string } | null }>('GET', `/api/assets/${reel.assetId}`),
    (answer) => answer.body.last_event?.date === when.toISOString(),
  );
}

const report = (reel: Reel, kind: 'delivered' | 'deregister', as: { token: string } = tenant.superAdmin) =>
  call('PUT', `/api/assets/${reel.assetId}/${kind}`, { ...as, body: {} });

beforeAll(async () => {
  // The audit's reads run in this process against the local table.
  const stack = readStack();
  for (const [name, value] of Object.entries(stack.ports)) process.env[name as PortName] = String(value);
  Object.assign(process.env, handlerEnvironment(stack));
  tenant = await createOwnTenant('Report check');
  const zone = await api<{ id: number }>('POST', '/api/geo-zones', {
    name: 'Check depot',
    geometry: { type: 'Point', coordinates: [DEPOT.longitude, DEPOT.latitude], radius: 300 },
  });
  expect(zone.status).toBe(201);
  depotId = zone.body.id;
  customerA = await addCustomerLogin(tenant, 'Check customer A');
  customerB = await addCustomerLogin(tenant, 'Check customer B');
});
afterAll(() => removeOwnTenant(tenant));

describe('a delivered report checked against the tag', () => {
  it('agrees when the tag is at the site after the report', async () => {
    const reel = await newReel('At site', customerA.customerId);
    expect((await report(reel, 'delivered')).status).toBe(200);
    await fixAt(reel, new Date(), SITE, 12);
    const answer = await checkOf(reel.assetId);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      assetId: reel.assetId,
      report: { kind: 'delivered' },
      check: { result: 'agree', reason: 'away', evidence: { depot: { id: depotId, name: 'Check depot' } } },
      settled: false,
    });
    expect(answer.body.check.evidence.deciding?.distance).toBeGreaterThan(11_000);
  });

  it('disagrees when the tag is still at the depot after the report', async () => {
    const reel = await newReel('At depot', customerA.customerId);
    await fixAt(reel, new Date(Date.now() - 30 * 60_000), offset(20, -10), 8);
    expect((await report(reel, 'delivered')).status).toBe(200);
    await fixAt(reel, new Date(), offset(-15, 5), 10);
    const answer = await checkOf(reel.assetId);
    expect(answer.body.check).toMatchObject({ result: 'disagree', reason: 'at-depot' });
    expect(answer.body.check.evidence.fixes.map((fix) => [fix.place, fix.counts])).toEqual([
      ['depot', false],
      ['depot', true],
    ]);
  });

  it('has no data from a silent tag, and 404 for an asset never reported', async () => {
    const reel = await newReel('Silent', customerA.customerId);
    expect((await checkOf(reel.assetId)).status).toBe(404);
    expect((await report(reel, 'delivered')).status).toBe(200);
    const answer = await checkOf(reel.assetId);
    expect(answer.body.check).toMatchObject({ result: 'no-data', reason: 'no-fixes', evidence: { fixes: [] } });
  });
});

describe("a customer's view of the checks", () => {
  it("shows a client user their own customer's report, without zones, and nobody else's", async () => {
    const reel = await newReel('Client', customerA.customerId);
    expect((await report(reel, 'deregister', { token: customerA.token })).status).toBe(200);
    await fixAt(reel, new Date(), SITE, 12);
    const own = await checkOf(reel.assetId, { token: customerA.token });
    expect(own.status).toBe(200);
    expect(own.body.report.kind).toBe('empty');
    expect(own.body.check.result).toBe('agree');
    expect(own.body.check.evidence.depot).toBeNull();
    expect(own.body.check.evidence.fixes).toHaveLength(1);
    expect(own.body.check.evidence.fixes.every((fix) => fix.zone === null)).toBe(true);
    // Another customer's login: the asset does not exist for them.
    expect((await checkOf(reel.assetId, { token: customerB.token })).status).toBe(404);
  });

  it('keeps a report made for one customer from the next customer of the asset', async () => {
    const reel = await newReel('Moved on', customerA.customerId);
    expect((await report(reel, 'delivered')).status).toBe(200);
    const asset = await api<{ name: string; version: number }>('GET', `/api/assets/${reel.assetId}`);
    const moved = await api('PUT', `/api/assets/${reel.assetId}`, {
      name: asset.body.name,
      client: customerB.customerId,
      version: asset.body.version,
    });
    expect(moved.status).toBe(200);
    const answer = await checkOf(reel.assetId, { token: customerB.token });
    expect(answer.status).toBe(404);
    expect((await checkOf(reel.assetId)).status).toBe(200);
  });
});

describe('the report items', () => {
  it('are written with the report only: a refused second report leaves the first one the newest', async () => {
    const reel = await newReel('Twice', customerA.customerId);
    expect((await report(reel, 'delivered')).status).toBe(200);
    const ctx = systemTenantContext(String(tenant.tenantId));
    const first = await latestReport(ctx, reel.assetId);
    expect((await report(reel, 'delivered')).status).toBe(422);
    expect(await latestReport(ctx, reel.assetId)).toEqual(first);
  });
});

describe('a settled check, for the invoice audit', () => {
  it('is stored on the report once its window is over and counted among the period’s reports', async () => {
    const reel = await newReel('Audit', customerA.customerId);
    const before = new Date().toISOString();
    expect((await report(reel, 'delivered')).status).toBe(200);
    await fixAt(reel, new Date(), offset(0, 10), 10);
    const ctx = systemTenantContext(String(tenant.tenantId));
    const item = await latestReport(ctx, reel.assetId);
    expect(item).toMatchObject({ kind: 'delivered', clientId: customerA.customerId, depotId });
    const later = Date.parse(item?.reportedAt ?? '') + 3 * 3_600_000;
    const settled = await reportCheckOf(ctx, { ...(item as NonNullable<typeof item>), stored: true }, later);
    expect(settled).toMatchObject({ check: { result: 'disagree' }, settled: true });
    expect((await checkOf(reel.assetId)).body).toMatchObject({ settled: true, check: { result: 'disagree' } });
    const period = await reportsOfPeriod(ctx, { from: before, to: new Date().toISOString() });
    const mine = period.reports.filter((entry) => entry.assetId === reel.assetId);
    expect(mine.map((entry) => entry.check?.result)).toEqual(['disagree']);
  });
});
