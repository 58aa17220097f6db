import { handler as reportJob } from '../../functions/jobs/report-subscriptions';
import { previousMonthOf } from '../../functions/lib/report-subscriptions/next-due';
import { ATTEMPTS } from '../../functions/lib/report-subscriptions/report-job';
import type { LoanDayReport } from '../../shared/schemas/loan-day';
import type { ReportSubscription } from '../../shared/schemas/report-subscription';
import { SCHEDULE_WEEKDAY_INVALID } from '../../shared/schemas/report-subscription';
import { call, tokenOf } from '../harness/api';
import { readCsv } from '../harness/export-files';
import { type CaughtMail, mailsTo, waitForMailMatching } from '../harness/mail';
import { pointProcessAtStack, readStack } from '../harness/stack';

/**
 * Report subscriptions through the local stack: the report job (run here with a given `now`, as its schedule
 * would run it) mails the loan-day statement once a period with its file, whose figures are the API's own
 * answer; a rerun or a run beside it sends nothing twice; a failed send is retried by the next run and then
 * recorded; the signed unsubscribe link pauses only its own subscription and a tampered one is refused; a client
 * user's report holds their customer's assets only.
 */
type Violations = { violations: { propertyPath: string; message: string }[] };
type Mail = CaughtMail & {
  headers: Record<string, string>;
  attachments?: { generatedFileName: string; fileName: string; contentType: string }[];
};
type Me = { id: number; email: string; client_id?: number };

const DEMO = '1';
const mailApi = (path: string) => `http://127.0.0.1:${readStack().ports.MAIL_WEB_PORT}${path}`;
const sandbox = async (enabled: boolean) => {
  const url = `http://127.0.0.1:${readStack().ports.SES_PORT}/_local/sandbox`;
  const response = await fetch(url, { method: 'PUT', body: JSON.stringify({ enabled, verifiedIdentities: [] }) });
  expect(response.status).toBe(200);
};

async function attachmentText(mail: Mail): Promise<string> {
  const file = mail.attachments?.[0];
  if (!file) throw new Error(`No attachment in "${mail.subject}"`);
  const response = await fetch(mailApi(`/email/${mail.id}/attachment/${file.generatedFileName}`));
  return (await response.text()).replace(/^\uFEFF/, '');
}

describe('report subscriptions', () => {
  let adminToken: string;
  let clientToken: string;
  let admin: Me;
  let client: Me;
  let clientRole: { id: number; version: number; role_permissions: { permission: string }[] };
  const made: { id: number; token: string }[] = [];

  const subscribe = async (token: string, body: Record<string, unknown>) => {
    const response = await call<ReportSubscription & Violations>('POST', '/api/report-subscriptions', { token, body });
    if (response.status === 201) made.push({ id: response.body.id, token });
    return response;
  };
  const read = async (id: number) =>
    (await call<ReportSubscription>('GET', `/api/report-subscriptions/${id}`, { token: adminToken })).body;
  const run = (now: string) => reportJob({ now, tenants: [DEMO] });
  const reportsTo = async (address: string, month: string) =>
    ((await mailsTo(address)) as Mail[]).filter((mail) => mail.subject === `Loan days ${month}`);
  /** The API's total of the month, every answer of it (the report is paged by `next`). */
  async function apiTotal(month: string, customer?: number): Promise<number> {
    let path: string | null = `/api/loan-days?month=${month}${customer ? `&client=${customer}` : ''}`;
    let total = 0;
    while (path) {
      const answer: { body: LoanDayReport } = await call<LoanDayReport>('GET', path, { token: adminToken });
      total += answer.body.total;
      path = answer.body.next;
    }
    return total;
  }

  beforeAll(async () => {
    pointProcessAtStack();
    const { ports } = readStack();
    process.env.SES_ENDPOINT = `http://127.0.0.1:${ports.SES_PORT}`;
    process.env.MAIL_FROM = 'Tracking <no-reply@tracking.local>';
    process.env.API_PUBLIC_URL = `http://127.0.0.1:${ports.API_PORT}`;
    [adminToken, clientToken] = await Promise.all([tokenOf('admin'), tokenOf('client')]);
    admin = (await call<Me>('GET', '/api/me', { token: adminToken })).body;
    client = (await call<Me>('GET', '/api/me', { token: clientToken })).body;
    // Client users read no loan days by default: the demo's matrix opens the report to them for this file only.
    const matrix = await call<{ 'hydra:member': (typeof clientRole & { name: string })[] }>('GET', '/api/role-matrix', {
      token: adminToken,
    });
    clientRole = matrix.body['hydra:member'].find((role) => role.name === 'ROLE_CLIENT') as typeof clientRole;
    const granted = await call<typeof clientRole>('PUT', `/api/roles/${clientRole.id}`, {
      token: adminToken,
      body: {
        role_permissions: [...clientRole.role_permissions, { permission: 'CUSTOMER_READ' }],
        version: clientRole.version,
      },
    });
    expect(granted.status).toBe(200);
    clientRole = { ...clientRole, version: granted.body.version };
  });

  afterAll(async () => {
    await sandbox(false);
    for (const { id, token } of made) await call('DELETE', `/api/report-subscriptions/${id}`, { token });
    const original = clientRole.role_permissions.filter((p) => p.permission !== 'CUSTOMER_READ');
    await call('PUT', `/api/roles/${clientRole.id}`, {
      token: adminToken,
      body: { role_permissions: original, version: clientRole.version },
    });
  });

  it('refuses a schedule without its weekday and hides one person’s subscription from another', async () => {
    const refused = await subscribe(adminToken, {
      kind: 'loan-days',
      schedule: { every: 'week', time: '07:00' },
      format: 'csv',
      language: 'en',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.violations).toEqual([{ propertyPath: 'schedule.weekday', message: SCHEDULE_WEEKDAY_INVALID }]);
    const mine = await subscribe(adminToken, {
      kind: 'loan-days',
      schedule: { every: 'month', day: 1, time: '06:00' },
      format: 'pdf',
      language: 'nl',
      paused: true,
    });
    expect(mine.status).toBe(201);
    expect(mine.body).toMatchObject({ owner: { id: admin.id }, paused: true, next_due: null, last_sent: null });
    const user = await tokenOf('user');
    expect((await call('GET', `/api/report-subscriptions/${mine.body.id}`, { token: user })).status).toBe(404);
    const listed = await call<{ 'hydra:member': ReportSubscription[] }>('GET', '/api/report-subscriptions', {
      token: user,
    });
    expect(listed.body['hydra:member'].map((s) => s.id)).not.toContain(mine.body.id);
  });

  it('mails the statement once a period with its file, the figures the API answers, and nothing twice', async () => {
    const created = await subscribe(adminToken, {
      kind: 'loan-days',
      schedule: { every: 'day', time: '07:00' },
      format: 'csv',
      language: 'en',
    });
    expect(created.status).toBe(201);
    const due = created.body.next_due as string;
    const month = previousMonthOf(new Date(due));
    const before = (await reportsTo(admin.email, month)).length;

    const first = await run(due);
    expect(first.sent).toBeGreaterThanOrEqual(1);
    const mail = await waitForMailMatching(admin.email, (m) => m.subject === `Loan days ${month}`);
    const rows = readCsv(await attachmentText(mail as Mail));
    expect(rows[0]).toEqual(['Customer', 'Asset', 'Days outside', 'Days']);
    const monthRow = rows.at(-1) as string[];
    expect(monthRow[0]).toBe('Total');
    expect(Number(monthRow[2])).toBe(await apiTotal(month));
    expect(Number(monthRow[2])).toBeGreaterThan(0);
    expect((mail as Mail).headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    // The same period again, and two runs at once for the next: one mail each period.
    expect((await run(due)).sent).toBe(0);
    const stored = await read(created.body.id);
    expect(stored).toMatchObject({ last_sent: due, last_error: null });
    const next = stored.next_due as string;
    expect(Date.parse(next) - Date.parse(due)).toBeGreaterThanOrEqual(23 * 3_600_000);
    await Promise.all([run(next), run(next)]);
    const nextMonth = previousMonthOf(new Date(next));
    await waitForMailMatching(admin.email, (m) => m.subject === `Loan days ${nextMonth}` && m.id !== mail.id);
    const sent = await reportsTo(admin.email, month);
    expect(sent.length - before).toBe(nextMonth === month ? 2 : 1);
  });

  it('retries a refused send at the next run, then records the error and moves on', async () => {
    const created = await subscribe(adminToken, {
      kind: 'loan-days',
      schedule: { every: 'week', weekday: 3, time: '05:30' },
      format: 'excel',
      language: 'de',
    });
    const due = created.body.next_due as string;
    await sandbox(true);
    try {
      for (let attempt = 1; attempt < ATTEMPTS; attempt++) {
        expect((await run(due)).failed).toBeGreaterThanOrEqual(1);
        expect(await read(created.body.id)).toMatchObject({ next_due: due, last_error: null });
      }
      await run(due);
    } finally {
      await sandbox(false);
    }
    const given = await read(created.body.id);
    expect(given.last_error).toMatch(/MessageRejected/);
    expect(Date.parse(given.next_due as string)).toBeGreaterThan(Date.parse(due));
    // The next period goes out and clears the error.
    await run(given.next_due as string);
    expect(await read(created.body.id)).toMatchObject({ last_error: null, last_sent: given.next_due });
  });

  it('pauses a subscription by its signed link only, and then mails it no more', async () => {
    const mine = await subscribe(adminToken, {
      kind: 'loan-days',
      schedule: { every: 'day', time: '06:45' },
      format: 'csv',
      language: 'fr',
    });
    const other = await subscribe(adminToken, {
      kind: 'loan-days',
      schedule: { every: 'day', time: '06:45' },
      format: 'csv',
      language: 'nl',
    });
    const due = mine.body.next_due as string;
    const month = previousMonthOf(new Date(due));
    await run(due);
    const french = await waitForMailMatching(admin.email, (m) => m.subject === `Jours de prêt ${month}`);
    const link = /http:\/\/\S+\/api\/report-subscriptions\/unsubscribe\?\S+/.exec(french.text)?.[0] as string;
    expect((french as Mail).headers['list-unsubscribe']).toBe(`<${link}>`);
    const url = new URL(link);
    expect(url.searchParams.get('id')).toBe(String(mine.body.id));

    const tampered = (change: (query: URLSearchParams) => void) => {
      const query = new URLSearchParams(url.search);
      change(query);
      return call('POST', `/api/report-subscriptions/unsubscribe?${query}`, {});
    };
    const signature = url.searchParams.get('signature') as string;
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
    expect((await tampered((q) => q.set('signature', flipped))).status).toBe(404);
    expect((await tampered((q) => q.set('id', String(other.body.id)))).status).toBe(404);
    expect((await tampered((q) => q.set('tenant', '2'))).status).toBe(404);
    expect((await tampered((q) => q.set('signature', 'nope'))).status).toBe(422);
    // The link as opened in a browser (GET) is held to the same signature.
    expect(
      (await call('GET', `/api/report-subscriptions/unsubscribe?${url.search.slice(1).replace(signature, flipped)}`))
        .status,
    ).toBe(404);
    expect(await read(mine.body.id)).toMatchObject({ paused: false });

    // One click, as a mail client posts it (RFC 8058): a form body, no token.
    const response = await fetch(`${process.env.API_PUBLIC_URL}${url.pathname}${url.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(response.status).toBe(200);
    // Opened again (a browser, a mail scanner): the same answer, nothing else changes.
    const again = await call<{ unsubscribed: boolean }>('GET', `${url.pathname}${url.search}`);
    expect(again).toMatchObject({ status: 200, body: { unsubscribed: true } });
    expect(await read(mine.body.id)).toMatchObject({ paused: true, next_due: null });
    expect(await read(other.body.id)).toMatchObject({ paused: false });

    // The next day: the other subscription's mail arrives, the paused one's does not.
    const next = (await read(other.body.id)).next_due as string;
    await run(next);
    const nextMonth = previousMonthOf(new Date(next));
    const dutch = (await mailsTo(admin.email)).filter((m) => m.subject === `Uitleendagen ${nextMonth}`);
    expect(dutch.length).toBeGreaterThanOrEqual(1);
    const frenchAfter = (await mailsTo(admin.email)).filter((m) => m.subject.startsWith('Jours de prêt'));
    expect(frenchAfter.map((m) => m.id)).toEqual([french.id]);
  });

  it("holds a client user's own customer's assets only, whatever customer they ask for", async () => {
    expect(client.client_id).toBeDefined();
    const created = await subscribe(clientToken, {
      kind: 'loan-days',
      client: (client.client_id as number) + 1000,
      schedule: { every: 'day', time: '07:15' },
      format: 'csv',
      language: 'en',
    });
    expect(created.status).toBe(201);
    expect(created.body.client).toEqual({ id: client.client_id, name: expect.any(String) });
    const due = created.body.next_due as string;
    const month = previousMonthOf(new Date(due));
    await run(due);
    const mail = (await waitForMailMatching(client.email, (m) => m.subject === `Loan days ${month}`)) as Mail;
    const expected = await apiTotal(month, client.client_id);
    const everyone = await apiTotal(month);
    expect(expected).toBeGreaterThan(0);
    expect(everyone).toBeGreaterThan(expected);
    const rows = readCsv(await attachmentText(mail)).slice(1);
    const customers = new Set(rows.slice(0, -1).map((row) => row[0]));
    expect(customers.size).toBe(1);
    expect(Number(rows.at(-1)?.[2])).toBe(expected);
  });
});
