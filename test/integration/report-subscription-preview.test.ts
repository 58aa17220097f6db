import { handler as reportJob } from '../../functions/jobs/report-subscriptions';
import { previousMonthOf } from '../../functions/lib/report-subscriptions/next-due';
import { openReportFile, REPORT_FILE_EXPIRED } from '../../functions/lib/report-subscriptions/report-file-link';
import { PREVIEW_LIMIT_MESSAGE } from '../../functions/lib/report-subscriptions/report-preview';
import type { ReportFileQuery, ReportPreview, ReportSubscription } from '../../shared/schemas/report-subscription';
import { call, tokenOf } from '../harness/api';
import { type CaughtMail, mailsTo, waitForMailMatching } from '../harness/mail';
import { pointProcessAtStack, readStack } from '../harness/stack';

/**
 * "Send now" and the report over the attachment limit, through the local stack: a preview reaches the person who
 * asked (with the file) and nobody else, changes nothing of the subscription, comes once a minute, and is 404
 * to whoever may not see the subscription; a report over the limit (lowered for the run) arrives as a link to
 * the local S3 server whose bytes are the report's, with no attachment.
 */
type Mail = CaughtMail & {
  headers: Record<string, string>;
  attachments?: { generatedFileName: string }[];
};
type Me = { id: number; email: string };
type HydraError = { 'hydra:description': string };

const DEMO = '1';
const mailApi = (path: string) => `http://127.0.0.1:${readStack().ports.MAIL_WEB_PORT}${path}`;

async function attachmentBytes(mail: Mail): Promise<Buffer> {
  const file = mail.attachments?.[0];
  if (!file) throw new Error(`No attachment in "${mail.subject}"`);
  return Buffer.from(
    await (await fetch(mailApi(`/email/${mail.id}/attachment/${file.generatedFileName}`))).arrayBuffer(),
  );
}

describe('report subscription preview', () => {
  let adminToken: string;
  let userToken: string;
  let admin: Me;
  let user: Me;
  const made: number[] = [];

  const subscribe = async (extra: Record<string, unknown>) => {
    const response = await call<ReportSubscription>('POST', '/api/report-subscriptions', {
      token: adminToken,
      body: { kind: 'loan-days', format: 'csv', language: 'en', ...extra },
    });
    expect(response.status).toBe(201);
    made.push(response.body.id);
    return response.body;
  };
  const preview = (id: number, token = adminToken) =>
    call<ReportPreview & HydraError>('POST', `/api/report-subscriptions/${id}/preview`, { token });
  const read = async (id: number) =>
    (await call<ReportSubscription>('GET', `/api/report-subscriptions/${id}`, { token: adminToken })).body;

  beforeAll(async () => {
    pointProcessAtStack();
    const { ports } = readStack();
    Object.assign(process.env, {
      SES_ENDPOINT: `http://127.0.0.1:${ports.SES_PORT}`,
      S3_ENDPOINT: `http://127.0.0.1:${ports.S3_PORT}`,
      ATTACHMENTS_BUCKET: 'tracking-attachments',
      MAIL_FROM: 'Tracking <no-reply@tracking.local>',
      API_PUBLIC_URL: `http://127.0.0.1:${ports.API_PORT}`,
    });
    [adminToken, userToken] = await Promise.all([tokenOf('admin'), tokenOf('user')]);
    const me = async (token: string) => (await call<Me>('GET', '/api/me', { token })).body;
    [admin, user] = [await me(adminToken), await me(userToken)];
  });

  // Each test's are gone before the next: the job run below mails every subscription of demo that is due.
  afterEach(async () => {
    for (const id of made.splice(0)) await call('DELETE', `/api/report-subscriptions/${id}`, { token: adminToken });
  });

  it('mails the report to the one who asks only, changes nothing, and refuses a second within the minute', async () => {
    const theirs = await subscribe({ owner: user.id, schedule: { every: 'month', day: 3, time: '06:10' } });
    const answer = await preview(theirs.id);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      sent_to: admin.email,
      month: previousMonthOf(new Date(theirs.next_due as string)),
      file: 'attached',
    });
    const subject = `Preview: Loan days ${answer.body.month}`;
    const mail = (await waitForMailMatching(admin.email, (m) => m.subject === subject)) as Mail;
    expect((await attachmentBytes(mail)).toString('utf8')).toMatch(/Customer,Asset,Days outside,Days/);
    expect(mail.headers['list-unsubscribe']).toBeUndefined();
    // The mail went out in the request: the owner's inbox has none, now that the asker's has arrived.
    expect((await mailsTo(user.email)).filter((m) => m.subject === subject)).toEqual([]);
    expect(await read(theirs.id)).toEqual(theirs);

    const again = await preview(theirs.id);
    expect(again.status).toBe(429);
    expect(again.body['hydra:description']).toBe(PREVIEW_LIMIT_MESSAGE);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await mailsTo(admin.email)).filter((m) => m.subject === subject).map((m) => m.id)).toEqual([mail.id]);
  });

  it('is sent to its owner when they ask, and not found to a user who is not its owner, as to another tenant', async () => {
    const theirs = await subscribe({ owner: user.id, schedule: { every: 'day', time: '05:35' }, language: 'de' });
    const own = await preview(theirs.id, userToken);
    expect(own.status).toBe(200);
    expect(own.body.sent_to).toBe(user.email);
    await waitForMailMatching(user.email, (m) => m.subject === `Vorschau: Leihtage ${own.body.month}`);

    const mine = await subscribe({ schedule: { every: 'day', time: '05:40' } });
    expect((await preview(mine.id, userToken)).status).toBe(404);
    expect((await preview(mine.id, await tokenOf('acme-admin'))).status).toBe(404);
    expect(await read(mine.id)).toEqual(mine);
  });

  it('links a report over the attachment limit, lowered for the run, to the file in storage', async () => {
    const created = await subscribe({ schedule: { every: 'day', time: '05:50' }, language: 'nl' });
    const due = created.next_due as string;
    const month = previousMonthOf(new Date(due));
    // The whole report, attached (a preview of the same period), to compare the linked file with.
    expect((await preview(created.id)).body.file).toBe('attached');
    const attached = (await waitForMailMatching(
      admin.email,
      (m) => m.subject === `Voorbeeld: Uitleendagen ${month}`,
    )) as Mail;
    const whole = await attachmentBytes(attached);
    expect(whole.length).toBeGreaterThan(200);

    const report = await reportJob({ now: due, tenants: [DEMO], subscriptions: [created.id], attachmentLimit: 200 });
    expect(report.sent).toBeGreaterThanOrEqual(1);
    const linked = (await waitForMailMatching(
      admin.email,
      (m) => m.subject === `Uitleendagen ${month}` && m.text.includes('de link werkt 7 dagen'),
    )) as Mail;
    expect(linked.attachments ?? []).toEqual([]);
    const url = /http:\/\/\S+\/api\/report-subscriptions\/file\?\S+/.exec(linked.text)?.[0] as string;
    // The API's signed link, good for 7 days from the run; it redirects to a presigned URL of minutes, made then.
    const link = new URL(url);
    expect(Number(link.searchParams.get('expires')) * 1000 - Date.parse(due)).toBeGreaterThanOrEqual(7 * 24 * 3600_000);
    const redirect = await fetch(url, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(new URL(redirect.headers.get('location') as string).searchParams.get('X-Amz-Expires')).toBe('300');
    const download = await fetch(url);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(whole)).toBe(true);

    // A changed signature, another file of the tenant, a later end: nothing. Past its end: nothing either.
    const changed = (name: string, value: string) => {
      const other = new URL(url);
      other.searchParams.set(name, value);
      return fetch(other, { redirect: 'manual' });
    };
    const signature = link.searchParams.get('signature') as string;
    expect((await changed('signature', `${signature[0] === 'a' ? 'b' : 'a'}${signature.slice(1)}`)).status).toBe(404);
    const file = link.searchParams.get('file') as string;
    expect((await changed('file', file.replace(/\/[^/]+$/, '/other.csv'))).status).toBe(404);
    expect((await changed('expires', String(Number(link.searchParams.get('expires')) + 86_400))).status).toBe(404);
    const query = Object.fromEntries(link.searchParams) as ReportFileQuery;
    const afterEnd = new Date((Number(query.expires) + 1) * 1000);
    await expect(openReportFile(query, afterEnd)).rejects.toMatchObject({ status: 404, message: REPORT_FILE_EXPIRED });
    expect(await read(created.id)).toMatchObject({ last_sent: due, last_error: null });
  });
});
