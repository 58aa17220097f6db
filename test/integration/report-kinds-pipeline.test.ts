import { randomBytes } from 'node:crypto';
import { handler as reportJob } from '../../functions/jobs/report-subscriptions';
import { handler as silentTagJob } from '../../functions/jobs/silent-tags';
import { KIND_TAKES_NO_CUSTOMER } from '../../shared/schemas/report-kinds';
import type { ReportSubscription } from '../../shared/schemas/report-subscription';
import { call, tokenOf } from '../harness/api';
import { readMap } from '../harness/asset-map';
import { readCsv } from '../harness/export-files';
import { mailsTo } from '../harness/mail';
import { attachmentText, reportMailOf } from '../harness/report-mails';
import { pointProcessAtStack, readStack } from '../harness/stack';
import { createSweepTenant, removeSweepTenant, type SweepTenant } from '../harness/sweep/sweep-tenant';
import { publishMqtt, waitFor } from '../harness/uplinks';

/**
 * The reports made of what the pipeline writes, in a tenant of its own (its tags and positions are the test's):
 * dormant assets, located through the pipeline now and reported more than a day later; tag health, tags
 * heard through the pipeline now, the silent-tag job and the report job run at the subscription's due time, a
 * day and more later. The attached rows are the device list's answers for late or silent tags not heard within
 * the hours asked and for low batteries; a tag never heard is in neither; a rerun mails nothing twice.
 */
type Device = { id: number; connectivity: string; battery_level_low: boolean; last_event: { date: string } | null };
type Collection<T> = { 'hydra:member': T[] };
type Violations = { violations: { propertyPath: string; message: string }[] };

const HOUR = 3_600_000;
const AMSTERDAM = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' });
/** Two days after today's (Amsterdam), as a monthly day: the due time is more than a day and a half away. */
const dayAfterNext = () => ((Number(AMSTERDAM.format(new Date()).slice(8)) + 1) % 28) + 1;

describe('reports of tags and positions', () => {
  let tenant: SweepTenant;
  let token: string;
  let email: string;

  const api = <T>(method: string, path: string, body?: unknown) =>
    call<T>(method, path, { token, ...(body === undefined ? {} : { body }) });
  const newTag = async (name: string) => {
    const devEui = randomBytes(8).toString('hex').toUpperCase();
    // Devices are made by the super admin (the tenant's admin may not).
    const created = await call<{ id: number }>('POST', '/api/devices', {
      ...tenant.superAdmin,
      body: { name, dev_eui: devEui },
    });
    expect(created.status).toBe(201);
    return { id: created.body.id, devEui };
  };
  const uplink = async (
    tag: { id: number; devEui: string },
    batteryLow: boolean,
    fix?: { latitude: number; longitude: number },
  ) => {
    const at = new Date(Math.floor(Date.now() / 1000) * 1000 - 1000);
    await publishMqtt({ devEui: tag.devEui, at, payload: { eventType: 'still', batteryLow, ...(fix ? { fix } : {}) } });
    await waitFor(
      async () => (await api<Device>('GET', `/api/devices/${tag.id}`)).body,
      (d) => d.last_event?.date === at.toISOString() && d.battery_level_low === batteryLow,
    );
  };
  const subscribe = (body: Record<string, unknown>) =>
    api<ReportSubscription & Violations>('POST', '/api/report-subscriptions', {
      kind: 'tag-health',
      schedule: { every: 'month', day: dayAfterNext(), time: '06:00' },
      format: 'csv',
      language: 'en',
      ...body,
    });
  const ids = async (path: string) =>
    (await api<Collection<Device>>('GET', path)).body['hydra:member'].map((device) => device);

  beforeAll(async () => {
    pointProcessAtStack();
    const { ports } = readStack();
    process.env.SES_ENDPOINT = `http://127.0.0.1:${ports.SES_PORT}`;
    process.env.MAIL_FROM = 'Tracking <no-reply@tracking.local>';
    process.env.API_PUBLIC_URL = `http://127.0.0.1:${ports.API_PORT}`;
    tenant = await createSweepTenant('tag health reports');
    token = await tokenOf(tenant.adminLogin);
    email = `${tenant.adminLogin}@sweep.local`;
  });

  afterAll(async () => {
    await removeSweepTenant(tenant);
  });

  it('refuses a customer: tags belong to none', async () => {
    const refused = await subscribe({ options: { hours: 12 }, client: 1 });
    expect(refused.status).toBe(422);
    expect(refused.body.violations).toEqual([{ propertyPath: 'client', message: KIND_TAKES_NO_CUSTOMER }]);
  });

  it('mails the tags silent longer than the hours asked and those with a low battery, as the device list answers', async () => {
    const quiet = await newTag('Quiet');
    const low = await newTag('Low');
    const never = await newTag('Never heard');
    await uplink(quiet, false);
    await uplink(low, true);
    const twelve = await subscribe({ options: { hours: 12 } });
    const month = await subscribe({ options: { hours: 720 } });
    expect([twelve.status, month.status]).toEqual([201, 201]);
    const due = twelve.body.next_due as string;
    expect(Date.parse(due) - Date.now()).toBeGreaterThan(18.5 * HOUR);
    const tenants = [String(tenant.tenantId)];
    // The silent-tag job at the due time, as its schedule would have run it by then: both heard tags are late.
    await silentTagJob({ now: due, tenants });
    const notHeardSince = (hours: number) => async () =>
      (await ids('/api/devices?connectivity=late,silent&pagination=false'))
        .filter((d) => d.last_event !== null && Date.parse(d.last_event.date) < Date.parse(due) - hours * HOUR)
        .map((d) => d.id);
    const lowBattery = async () => (await ids('/api/devices?batteryLevelLow=true&pagination=false')).map((d) => d.id);
    const expected = async (hours: number) =>
      [...new Set([...(await notHeardSince(hours)()), ...(await lowBattery())])].sort((a, b) => a - b);

    expect((await reportJob({ now: due, tenants })).sent).toBe(2);
    const rowsOf = async (id: number) => readCsv(await attachmentText(await reportMailOf(email, id))).slice(1);
    const twelveRows = await rowsOf(twelve.body.id);
    expect(twelveRows.map((row) => Number(row[0]))).toEqual(await expected(12));
    expect(twelveRows.map((row) => Number(row[0]))).toEqual([quiet.id, low.id]);
    expect(twelveRows.find((row) => Number(row[0]) === low.id)?.[6]).toBe('silent over 12 h, battery low');
    expect(twelveRows.map((row) => Number(row[0]))).not.toContain(never.id);
    // Nobody was quiet for 720 hours: the low battery only.
    const monthRows = await rowsOf(month.body.id);
    expect(monthRows.map((row) => Number(row[0]))).toEqual(await expected(720));
    expect(monthRows.map((row) => [Number(row[0]), row[6]])).toEqual([[low.id, 'battery low']]);

    expect((await reportJob({ now: due, tenants })).sent).toBe(0);
    expect((await mailsTo(email)).filter((mail) => mail.subject.startsWith('Tag health'))).toHaveLength(2);
  });

  it('mails the positioned assets not located for more than the days asked, as the map answers them', async () => {
    const tag = await newTag('Located');
    const asset = await api<{ id: number }>('POST', '/api/assets', { name: 'Reel D-1', devices: [tag.id] });
    expect(asset.status).toBe(201);
    const unplaced = await api<{ id: number }>('POST', '/api/assets', { name: 'Reel never located' });
    await uplink(tag, false, { latitude: 52.1, longitude: 5.1 });
    const oneDay = await subscribe({ kind: 'dormant-assets', options: { days: 1 } });
    const month = await subscribe({ kind: 'dormant-assets', options: { days: 30 } });
    expect([oneDay.status, month.status]).toEqual([201, 201]);
    const due = oneDay.body.next_due as string;
    const tenants = [String(tenant.tenantId)];
    const before = (await mailsTo(email)).length;
    await reportJob({ now: due, tenants });
    const mapIds = async (days: number) =>
      (await readMap(token)).markers
        .filter(([, , , , , updated]) => updated !== null && updated * 1000 < Date.parse(due) - days * 86_400_000)
        .map(([id]) => id);
    const idsOf = async (id: number) => {
      const mail = await reportMailOf(email, id);
      return mail.attachments?.length
        ? readCsv(await attachmentText(mail))
            .slice(1)
            .map((row) => Number(row[0]))
        : [];
    };
    expect(await idsOf(oneDay.body.id)).toEqual([asset.body.id]);
    expect(await idsOf(oneDay.body.id)).toEqual(await mapIds(1));
    expect(await idsOf(oneDay.body.id)).not.toContain(unplaced.body.id);
    expect(await idsOf(month.body.id)).toEqual([]);
    expect(await mapIds(30)).toEqual([]);
    expect((await reportMailOf(email, month.body.id)).text).toContain('located within 30 days');
    await reportJob({ now: due, tenants });
    expect((await mailsTo(email)).length - before).toBe(2);
  });
});
