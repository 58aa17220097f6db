import { handler as reportJob } from '../../functions/jobs/report-subscriptions';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { previousMonthOf } from '../../functions/lib/report-subscriptions/next-due';
import { lastDayOf } from '../../functions/lib/utilisation/utilisation-days';
import { rollUpUtilisation } from '../../functions/lib/utilisation/utilisation-rollup';
import type { ReportSubscription } from '../../shared/schemas/report-subscription';
import type { UtilisationFigures, UtilisationReport } from '../../shared/schemas/utilisation';
import { call, tokenOf } from '../harness/api';
import { readCsv } from '../harness/export-files';
import { attachmentText, reportMailOf } from '../harness/report-mails';
import { pointProcessAtStack, readStack } from '../harness/stack';

/**
 * The scheduled report's `utilisation` kind: the demo tenant's month before the due day, rolled up from its
 * seeded visits as the nightly job does, mailed as CSV by the report job; the file's rows are the figures
 * GET /api/utilisation answers for that month, profile by profile, customer by customer and in total.
 */
type Me = { id: number; email: string };

const DEMO = '1';
const cells = (f: UtilisationFigures) =>
  [
    f.assets,
    f.days_owned,
    f.days_on_hire,
    f.days_idle,
    f.days_unknown,
    f.utilisation === null ? null : Math.round(f.utilisation * 1000) / 10,
    f.cycles,
    f.average_cycle_days,
  ].map((value) => (value === null ? '' : String(value)));

describe('the utilisation report by mail', () => {
  let token: string;
  let admin: Me;
  let subscription: number | undefined;

  beforeAll(async () => {
    pointProcessAtStack();
    const { ports } = readStack();
    process.env.SES_ENDPOINT = `http://127.0.0.1:${ports.SES_PORT}`;
    process.env.MAIL_FROM = 'Tracking <no-reply@tracking.local>';
    process.env.API_PUBLIC_URL = `http://127.0.0.1:${ports.API_PORT}`;
    token = await tokenOf('admin');
    admin = (await call<Me>('GET', '/api/me', { token })).body;
  });

  afterAll(async () => {
    if (subscription) await call('DELETE', `/api/report-subscriptions/${subscription}`, { token });
  });

  it('mails the month’s figures as the API answers them', async () => {
    const created = await call<ReportSubscription>('POST', '/api/report-subscriptions', {
      token,
      body: { kind: 'utilisation', schedule: { every: 'day', time: '07:00' }, format: 'csv', language: 'en' },
    });
    expect(created.status).toBe(201);
    subscription = created.body.id;
    const due = created.body.next_due as string;
    const month = previousMonthOf(new Date(due));
    await rollUpUtilisation(systemTenantContext(DEMO), lastDayOf(month));
    const api = await call<UtilisationReport>('GET', `/api/utilisation?from=${month}&to=${month}`, { token });
    const [figures] = api.body.months;
    expect(figures?.total.days_owned).toBeGreaterThan(0);

    const only = { now: due, tenants: [DEMO], subscriptions: [created.body.id] };
    expect((await reportJob(only)).sent).toBe(1);
    // The period is claimed and moved on: a rerun at the same time sends nothing.
    expect((await reportJob(only)).sent).toBe(0);
    const mail = await reportMailOf(admin.email, created.body.id, (m) => m.subject === `Utilisation ${month}`);
    const rows = readCsv(await attachmentText(mail));
    expect(rows[0]).toEqual([
      'By',
      'Name',
      'Assets',
      'Days owned',
      'On hire',
      'Idle at depot',
      'Unknown',
      'Utilisation %',
      'Cycles',
      'Average cycle (days)',
    ]);
    const body = rows.slice(1);
    expect(body.filter((row) => row[0] === 'Asset profile').map((row) => row.slice(2))).toEqual(
      figures?.profiles.map((p) => cells(p.figures)),
    );
    expect(body.filter((row) => row[0] === 'Customer').map((row) => row.slice(2))).toEqual(
      figures?.clients.map((c) => cells(c.figures)),
    );
    expect(body.at(-1)).toEqual(['Total', '', ...cells(figures?.total as UtilisationFigures)]);
  });
});
