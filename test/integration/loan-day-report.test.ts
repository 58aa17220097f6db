import { randomBytes } from 'node:crypto';
import { handler as loanDayJob } from '../../functions/jobs/loan-days';
import { amsterdamDay, startOfAmsterdamDay } from '../../functions/lib/loan-days/amsterdam-day';
import { type WebhookEvent, webhookEventSinks } from '../../functions/lib/webhooks/webhook-events';
import type { LoanDayReport } from '../../shared/schemas/loan-day';
import { call, tokenOf } from '../harness/api';
import { pointProcessAtStack, readStack } from '../harness/stack';
import { createSweepTenant, removeSweepTenant, type SweepTenant } from '../harness/sweep/sweep-tenant';
import { publishMqtt, waitFor } from '../harness/uplinks';

/**
 * Loan-day records and the monthly report. A simulator-like run in a tenant of its own: two
 * reels leave the yard (uplinks through the real pipeline), the daily job runs for each day of a fixed month
 * (March 2026: the test never depends on today), a person resets one reel's days. The report (GET
 * /api/loan-days) must hold exactly the days the job counted, with their evidence and the reset; a rerun adds
 * nothing; an ERP system reads it with an API credential; bounds and other tenants are refused.
 */
type Where = { latitude: number; longitude: number };
const HOME: Where = { latitude: 52.09, longitude: 5.12 };
const SITE: Where = { latitude: 52.135, longitude: 5.12 };
const MONTH = '2026-03';
const dayOf = (n: number) => `${MONTH}-${String(n).padStart(2, '0')}`;
const at = (n: number, hours: number) => new Date(startOfAmsterdamDay(dayOf(n)).getTime() + hours * 3_600_000);
type Violations = { violations: { propertyPath: string; message: string }[] };

describe('loan-day report: records, the monthly report and its ERP route', () => {
  let tenant: SweepTenant;
  let as: { token: string; headers: Record<string, string> };
  let customer: { id: number; company: string };
  const reels: { id: number; tag: string; name: string }[] = [];
  /** Day -> asset ids the job reported counting outside that day (from its per-asset results). */
  const countedByJob = new Map<string, number[]>();
  /** The webhook events the job (run in this process) handed over at its flushes. */
  const events: WebhookEvent[] = [];
  const sink = async (batch: WebhookEvent[]) => {
    events.push(...batch);
  };

  const api = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) =>
    call<T>(method, path, { ...as, ...(body === undefined ? {} : { body }) });
  const asset = async (id: number) =>
    (
      await api<{ days_outside_geo_zone: number; last_event: { date: string } | null; version: number }>(
        'GET',
        `/api/assets/${id}`,
      )
    ).body;
  const uplink = async (reel: { id: number; tag: string }, n: number, hours: number, where: Where, moving = false) => {
    const when = at(n, hours);
    await publishMqtt({
      devEui: reel.tag,
      at: when,
      payload: { eventType: moving ? 'moving' : 'still', fix: { ...where, accuracy: 10 } },
    });
    await waitFor(
      () => asset(reel.id),
      (a) => a.last_event?.date === when.toISOString(),
    );
  };
  const runDay = async (n: number) => {
    const before = await Promise.all(reels.map((r) => asset(r.id)));
    const report = await loanDayJob({ date: dayOf(n), tenants: [String(tenant.tenantId)] });
    const after = await Promise.all(reels.map((r) => asset(r.id)));
    const counted = reels.filter(
      (_, i) => (after[i]?.days_outside_geo_zone ?? 0) > (before[i]?.days_outside_geo_zone ?? 0),
    );
    expect(report.outside).toBe(counted.length);
    countedByJob.set(
      dayOf(n),
      counted.map((r) => r.id),
    );
    return report;
  };
  const report = (query: string, token = as.token, headers = as.headers) =>
    call<LoanDayReport & Violations>('GET', `/api/loan-days?${query}`, { token, headers });

  beforeAll(async () => {
    pointProcessAtStack();
    webhookEventSinks.push(sink);
    tenant = await createSweepTenant('loan-day billing');
    as = tenant.superAdmin;
    const geometry = { type: 'Point', coordinates: [HOME.longitude, HOME.latitude], radius: 300 };
    const zone = await api<{ id: number }>('POST', '/api/geo-zones', { name: 'Yard', geometry });
    expect(zone.status).toBe(201);
    const suffix = randomBytes(3).toString('hex');
    const created = await api<{ id: number; company: string }>('POST', '/api/clients', {
      company: `Cable Works ${suffix}`,
      name: 'Planner',
      email: `billing-${suffix}@example.com`,
    });
    expect(created.status).toBe(201);
    customer = created.body;
    for (const [name, client] of [
      ['Reel B-1', customer.id],
      ['Reel B-2', null],
    ] as const) {
      const devEui = randomBytes(8).toString('hex').toUpperCase();
      const tag = await api<{ id: number }>('POST', '/api/devices', { name: `Tag ${name}`, dev_eui: devEui });
      expect(tag.status).toBe(201);
      const reel = await api<{ id: number }>('POST', '/api/assets', {
        name,
        client,
        devices: [tag.body.id],
        geo_zone: zone.body.id,
      });
      expect(reel.status).toBe(201);
      reels.push({ id: reel.body.id, tag: devEui, name });
    }
  });

  afterAll(async () => {
    webhookEventSinks.splice(webhookEventSinks.indexOf(sink), 1);
    await removeSweepTenant(tenant);
  });

  it('keeps a record per day counted outside, with its evidence and the reset, that the report adds up', async () => {
    const [b1, b2] = reels as [(typeof reels)[0], (typeof reels)[0]];
    await uplink(b1, 1, 10, HOME);
    await uplink(b2, 1, 10, HOME);
    await runDay(1);
    // Reel B-1 leaves on the 2nd, B-2 on the 3rd.
    await uplink(b1, 2, 9, SITE, true);
    await uplink(b1, 2, 9.5, SITE);
    await runDay(2);
    await uplink(b2, 3, 9, SITE, true);
    await uplink(b2, 3, 9.5, SITE);
    await runDay(3);
    await runDay(4);
    // A rerun of a day adds nothing: no count, no record.
    expect((await loanDayJob({ date: dayOf(4), tenants: [String(tenant.tenantId)] })).counted).toBe(0);
    // A person resets B-1 on the 5th (the super admin acting in this tenant: recorded as nobody of it) (3 days: 2, 3, 4), then the night counts the 5th again.
    expect((await api('PUT', `/api/assets/${b1.id}/days-outside-geo-zone/reset`, {})).status).toBe(200);
    await runDay(5);
    // Both back home on the 6th: nothing more.
    await uplink(b1, 6, 9, HOME, true);
    await uplink(b1, 6, 9.5, HOME);
    await uplink(b2, 6, 9, HOME, true);
    await uplink(b2, 6, 9.5, HOME);
    await runDay(6);
    await runDay(7);

    const answer = await report(`month=${MONTH}`);
    expect(answer.status).toBe(200);
    // The report's days are exactly the job's counts, asset by asset.
    const fromJob = new Map<number, string[]>();
    for (const [day, ids] of countedByJob) for (const id of ids) fromJob.set(id, [...(fromJob.get(id) ?? []), day]);
    const fromReport = new Map(
      answer.body.customers.flatMap((c) => c.assets.map((a) => [a.asset.id, a.days.map((d) => d.day)])),
    );
    expect(Object.fromEntries(fromReport)).toEqual(Object.fromEntries(fromJob));
    expect(fromJob.get(b1.id)).toEqual([dayOf(2), dayOf(3), dayOf(4), dayOf(5)]);
    expect(fromJob.get(b2.id)).toEqual([dayOf(3), dayOf(4), dayOf(5)]);
    // One `loan_day.counted` per day counted, none for the rerun, with the counter after the day.
    const counted = events.filter((e) => e.type === 'loan_day.counted' && e.tenantId === String(tenant.tenantId));
    expect(
      counted.map((e) => `${(e.data.asset as { id: number }).id} ${e.data.day} ${e.data.daysOutside}`).sort(),
    ).toEqual(
      [
        `${b1.id} ${dayOf(2)} 1`,
        `${b1.id} ${dayOf(3)} 2`,
        `${b1.id} ${dayOf(4)} 3`,
        `${b1.id} ${dayOf(5)} 1`,
        `${b2.id} ${dayOf(3)} 1`,
        `${b2.id} ${dayOf(4)} 2`,
        `${b2.id} ${dayOf(5)} 3`,
      ].sort(),
    );
    expect(counted.find((e) => e.data.day === dayOf(2))?.data).toMatchObject({
      customer: { id: customer.id },
      zone: { name: 'Yard' },
    });
    // Customers in id order (none first); totals add up.
    expect(answer.body.customers.map((c) => c.client?.id ?? null)).toEqual([null, customer.id]);
    expect(answer.body.customers.map((c) => c.total)).toEqual([3, 4]);
    expect(answer.body.total).toBe(7);
    const line = answer.body.customers[1]?.assets[0];
    expect(line).toMatchObject({ asset: { id: b1.id, name: 'Reel B-1' }, count: 4 });
    expect(line?.resets).toEqual([]);
    // The reset happened now (not in the simulated month): it is kept in the month it was made.
    const thisMonth = amsterdamDay(new Date()).slice(0, 7);
    const resets = (await report(`month=${thisMonth}&client=${customer.id}`)).body.customers[0]?.assets[0];
    expect(resets).toMatchObject({ asset: { id: b1.id }, days: [], count: 0 });
    expect(resets?.resets).toEqual([{ at: expect.any(String), by: null, count: 3 }]);
    // Evidence: the last fix outside (at the site) and since when it was outside, before the day ended.
    for (const day of line?.days ?? []) {
      expect(day.zone).toMatchObject({ name: 'Yard' });
      expect(day.last_fix).toMatchObject({ latitude: SITE.latitude, longitude: SITE.longitude, accuracy: 10 });
      expect(Date.parse(day.outside_since ?? '')).toBeLessThan(
        startOfAmsterdamDay(dayOf(Number(day.day.slice(8)) + 1)).getTime(),
      );
    }
    expect(line?.days.map((d) => d.days_outside)).toEqual([1, 2, 3, 1]);
    // One customer: the same lines, the same total.
    const one = await report(`month=${MONTH}&client=${customer.id}`);
    expect(one.body.customers).toEqual([answer.body.customers[1]]);
    expect(one.body.total).toBe(4);
    expect((await report('month=2026-04')).body).toMatchObject({ customers: [], total: 0 });
  });

  it('answers an ERP system with an API credential the same report', async () => {
    const admin = await tokenOf(tenant.adminLogin);
    const credential = await call<{ client_id: string; client_secret: string }>('POST', '/api/tokens', {
      token: admin,
      body: { name: 'ERP billing' },
    });
    expect(credential.status).toBe(201);
    const issued = await fetch(`${readStack().apiUrl}/api/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: credential.body.client_id,
        client_secret: credential.body.client_secret,
      }),
    });
    const { access_token: erpToken } = (await issued.json()) as { access_token: string };
    const erp = await report(`month=${MONTH}`, erpToken, {});
    expect(erp.status).toBe(200);
    expect(erp.body).toEqual((await report(`month=${MONTH}`)).body);
  });

  it('refuses bad months and customers, and shows another tenant nothing of this one', async () => {
    for (const query of [
      '',
      'month=2026-13',
      'month=2026-3',
      'month=1999-12',
      'month=2026-03-01',
      'month=x'.repeat(300),
    ]) {
      const bad = await report(query);
      expect(bad.status).toBe(422);
      expect(bad.body.violations[0]?.propertyPath).toBe('month');
    }
    for (const client of ['abc', '0', '-1', '1.5']) {
      const bad = await report(`month=${MONTH}&client=${client}`);
      expect(bad.status).toBe(422);
      expect(bad.body.violations[0]?.propertyPath).toBe('client');
    }
    expect((await report(`month=${MONTH}&client=999999999`)).body).toMatchObject({ customers: [], total: 0 });
    const acme = await call<LoanDayReport>('GET', `/api/loan-days?month=${MONTH}`, {
      token: await tokenOf('acme-admin'),
    });
    expect(acme.status).toBe(200);
    const ids = acme.body.customers.flatMap((c) => c.assets.map((a) => a.asset.id));
    for (const reel of reels) expect(ids).not.toContain(reel.id);
    for (const login of ['client', 'transporter']) {
      expect((await call('GET', `/api/loan-days?month=${MONTH}`, { token: await tokenOf(login) })).status).toBe(403);
    }
    expect((await call('GET', `/api/loan-days?month=${MONTH}`)).status).toBe(401);
  });

  it('exports the report as CSV through the export jobs', async () => {
    const started = await call<{ id: string; status: string }>(
      'POST',
      `/api/loan-days/export?month=${MONTH}&type=csv&language=en`,
      as,
    );
    expect(started.status).toBe(202);
    const job = await waitFor(
      () => call<{ status: string; result?: { url: string } }>('GET', `/api/exports/${started.body.id}`, as),
      (r) => r.body.status !== 'running',
    );
    expect(job.body.status).toBe('done');
    const csv = await (await fetch(job.body.result?.url ?? '')).text();
    expect(csv).toContain('Reel B-1');
    expect(csv).toMatch(/Reel B-1",?4|Reel B-1,4/);
    const empty = await call('POST', '/api/loan-days/export?month=2026-04&type=csv', as);
    expect(empty.status).toBe(422);
    expect((await call('POST', `/api/loan-days/export?month=2026-13&type=csv`, as)).status).toBe(422);
  });
});
