import { handler as reportJob } from '../../functions/jobs/report-subscriptions';
import { GEO_ZONE_NOT_FOUND } from '../../shared/schemas/asset';
import {
  DAYS_INVALID,
  KIND_NOT_FOR_CLIENTS,
  OPTION_NOT_TAKEN,
  REPORT_KIND_INVALID,
} from '../../shared/schemas/report-kinds';
import type { ReportSubscription } from '../../shared/schemas/report-subscription';
import { call, tokenOf } from '../harness/api';
import { readMap } from '../harness/asset-map';
import { readCsv } from '../harness/export-files';
import { mailsTo } from '../harness/mail';
import { attachmentText, reportMailOf } from '../harness/report-mails';
import { pointProcessAtStack, readStack } from '../harness/stack';

/**
 * The report kinds beside the loan-day statement, through the local stack: data made through the API, the
 * report job run at the subscription's due time, the CSV attached read back and compared with the API's own
 * answer to the same question; a rerun mails nothing twice; a client user's report holds their customer's
 * assets only; bad options are refused with the option named.
 */
type Violations = { violations: { propertyPath: string; message: string }[] };
type Me = { id: number; email: string; client_id?: number };
type Asset = { id: number; name: string; scheduled: string | null };
type Pickup = { asset: { id: number }; requested_at: string; customer: { id: number } | null };
type Collection<T> = { 'hydra:member': T[]; 'hydra:totalItems': number };

const DEMO = '1';
const AMSTERDAM = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' });
const amsterdamDay = (instant: Date) => AMSTERDAM.format(instant);
const dayBefore = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
/** A monthly day after today's: the run comes on a later day than the data made now. */
const laterDay = () => (Number(amsterdamDay(new Date()).slice(8)) % 28) + 1;
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

describe('report kinds', () => {
  let adminToken: string;
  let clientToken: string;
  let admin: Me;
  let client: Me;
  const subscriptions: { id: number; token: string }[] = [];
  const assets: number[] = [];

  /** The job at `now` for this file's subscriptions only: a later `now` must not send other files' periods. */
  const run = (now: string, ...ids: number[]) => reportJob({ now, tenants: [DEMO], subscriptions: ids });
  const subscribe = async (token: string, body: Record<string, unknown>) => {
    const response = await call<ReportSubscription & Violations>('POST', '/api/report-subscriptions', {
      token,
      body: { schedule: { every: 'month', day: laterDay(), time: '06:00' }, format: 'csv', language: 'en', ...body },
    });
    if (response.status === 201) subscriptions.push({ id: response.body.id, token });
    return response;
  };
  const newAsset = async (body: Record<string, unknown>) => {
    const created = await call<Asset>('POST', '/api/assets', { token: adminToken, body });
    expect(created.status).toBe(201);
    assets.push(created.body.id);
    return created.body;
  };
  /** The ids of the CSV's rows (the first column), the header left out. */
  const reportIds = async (address: string, subscriptionId: number) => {
    const mail = await reportMailOf(address, subscriptionId);
    const rows = readCsv(await attachmentText(mail));
    return { mail, header: rows[0], ids: rows.slice(1).map((row) => Number(row[0])) };
  };

  beforeAll(async () => {
    pointProcessAtStack();
    const { ports } = readStack();
    process.env.SES_ENDPOINT = `http://127.0.0.1:${ports.SES_PORT}`;
    process.env.MAIL_FROM = 'Tracking <no-reply@tracking.local>';
    process.env.API_PUBLIC_URL = `http://127.0.0.1:${ports.API_PORT}`;
    [adminToken, clientToken] = await Promise.all([tokenOf('admin'), tokenOf('client')]);
    admin = (await call<Me>('GET', '/api/me', { token: adminToken })).body;
    client = (await call<Me>('GET', '/api/me', { token: clientToken })).body;
  });

  afterAll(async () => {
    for (const { id, token } of subscriptions) await call('DELETE', `/api/report-subscriptions/${id}`, { token });
    for (const id of assets) await call('DELETE', `/api/assets/${id}`, { token: adminToken });
  });

  it('refuses options out of bounds, of another kind, unknown zones and kinds hidden from client users', async () => {
    const cases: [string, Record<string, unknown>, Violations['violations']][] = [
      [
        'days 0',
        { kind: 'outside-zone', options: { days: 0 } },
        [{ propertyPath: 'options.days', message: DAYS_INVALID }],
      ],
      [
        'days 366',
        { kind: 'outside-zone', options: { days: 366 } },
        [{ propertyPath: 'options.days', message: DAYS_INVALID }],
      ],
      [
        'days 1.5',
        { kind: 'outside-zone', options: { days: 1.5 } },
        [{ propertyPath: 'options.days', message: DAYS_INVALID }],
      ],
      ['no days', { kind: 'outside-zone' }, [{ propertyPath: 'options.days', message: DAYS_INVALID }]],
      [
        'hours on overdue',
        { kind: 'overdue-assets', options: { hours: 3 } },
        [{ propertyPath: 'options.hours', message: OPTION_NOT_TAKEN }],
      ],
      ['no such kind', { kind: 'everything' }, [{ propertyPath: 'kind', message: REPORT_KIND_INVALID }]],
    ];
    for (const [name, body, violations] of cases) {
      const refused = await subscribe(adminToken, body);
      expect({ name, status: refused.status, violations: refused.body.violations }).toEqual({
        name,
        status: 422,
        violations,
      });
    }
    const zone = await subscribe(adminToken, { kind: 'overdue-assets', options: { zones: [987_654_321] } });
    expect(zone.status).toBe(422);
    expect(zone.body.violations).toEqual([{ propertyPath: 'options.zones.0', message: GEO_ZONE_NOT_FOUND }]);
    const hidden = await subscribe(clientToken, { kind: 'overdue-assets' });
    expect(hidden.status).toBe(422);
    expect(hidden.body.violations).toEqual([{ propertyPath: 'kind', message: KIND_NOT_FOR_CLIENTS }]);
  });

  it('mails the overdue assets the asset list answers for the day before the run, once', async () => {
    const today = amsterdamDay(new Date());
    const overdue = await newAsset({ name: `Overdue ${unique()}`, scheduled: today });
    const later = await newAsset({
      name: `Not yet ${unique()}`,
      scheduled: `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`,
    });
    const created = await subscribe(adminToken, { kind: 'overdue-assets' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ kind: 'overdue-assets', options: {} });
    const due = created.body.next_due as string;
    const before = dayBefore(amsterdamDay(new Date(due)));
    const apiIds = async () =>
      (
        await call<Collection<Asset>>(
          'GET',
          `/api/assets?scheduled[before]=${before}&order[scheduled]=asc&pagination=false`,
          {
            token: adminToken,
          },
        )
      ).body['hydra:member'].map((asset) => asset.id);
    const asked = await apiIds();
    // Another file's run at a later time may send it first: the mail is what counts.
    await run(due, created.body.id);
    const { mail, header, ids } = await reportIds(admin.email, created.body.id);
    expect(mail.subject).toBe(`Overdue assets ${amsterdamDay(new Date(due))}`);
    expect(mail.text).toContain('scheduled date had passed');
    expect(mail.text).toContain('because you subscribed to this report');
    expect(header?.slice(0, 3)).toEqual(['ID', 'Asset', 'Reference']);
    expect(ids).toContain(overdue.id);
    expect(ids).not.toContain(later.id);
    // Other files write assets meanwhile: the report is the list's answer just before or just after the run.
    expect([asked, await apiIds()]).toContainEqual(ids);

    expect((await run(due, created.body.id)).sent).toBe(0);
    const mine = (await mailsTo(admin.email)).filter((m) => new RegExp(`[?&]id=${created.body.id}&`).test(m.text));
    expect(mine).toHaveLength(1);
  });

  it('mails the pickups waiting longer than the hours asked, the staff queue or a client user’s own', async () => {
    const own = await newAsset({ name: `Waiting own ${unique()}`, client: client.client_id });
    const other = await newAsset({ name: `Waiting other ${unique()}`, client: null });
    for (const asset of [own, other])
      expect((await call('PUT', `/api/assets/${asset.id}/deregister`, { token: adminToken })).status).toBe(200);
    const staff = await subscribe(adminToken, { kind: 'pickups-waiting', options: { hours: 1 }, language: 'nl' });
    const longer = await subscribe(adminToken, { kind: 'pickups-waiting', options: { hours: 720 } });
    const theirs = await subscribe(clientToken, {
      kind: 'pickups-waiting',
      options: { hours: 1 },
      client: (client.client_id as number) + 1000,
    });
    for (const made of [staff, longer, theirs]) expect(made.status).toBe(201);
    expect(theirs.body.client).toMatchObject({ id: client.client_id });
    const due = staff.body.next_due as string;
    expect(Date.parse(due) - Date.now()).toBeGreaterThan(3_600_000);
    const waiting = async (token: string) =>
      (await call<Collection<Pickup>>('GET', '/api/pickups?pagination=false', { token })).body['hydra:member']
        .filter((pickup) => Date.parse(pickup.requested_at) < Date.parse(due) - 3_600_000)
        .map((pickup) => pickup.asset.id);
    const [staffAsked, clientAsked] = [await waiting(adminToken), await waiting(clientToken)];
    await run(due, staff.body.id, longer.body.id, theirs.body.id);

    const staffReport = await reportIds(admin.email, staff.body.id);
    expect(staffReport.mail.subject).toBe(`Wachtende ophalingen ${amsterdamDay(new Date(due))}`);
    expect(staffReport.ids).toEqual(expect.arrayContaining([own.id, other.id]));
    expect([staffAsked, await waiting(adminToken)]).toContainEqual(staffReport.ids);

    const clientReport = await reportIds(client.email, theirs.body.id);
    expect(clientReport.ids).toContain(own.id);
    expect(clientReport.ids).not.toContain(other.id);
    expect([clientAsked, await waiting(clientToken)]).toContainEqual(clientReport.ids);
    const customers = readCsv(await attachmentText(clientReport.mail))
      .slice(1)
      .map((row) => row[2]);
    expect(new Set(customers).size).toBe(1);

    // Nothing has waited 720 hours among what this test made: its assets are not in that report.
    const longerMail = await reportMailOf(admin.email, longer.body.id);
    if (longerMail.attachments?.length) {
      const ids = readCsv(await attachmentText(longerMail))
        .slice(1)
        .map((row) => Number(row[0]));
      expect(ids).not.toContain(own.id);
    } else expect(longerMail.text).toContain('more than 720 hours');
  });

  it('mails the assets outside their zone longer than the days asked, as the list in its default order answers', async () => {
    const days = 1;
    const created = await subscribe(adminToken, { kind: 'outside-zone', options: { days }, language: 'de' });
    expect(created.status).toBe(201);
    expect(created.body.options).toEqual({ days });
    const due = created.body.next_due as string;
    const apiIds = async () =>
      (
        await call<Collection<Asset & { days_outside_geo_zone: number | null }>>(
          'GET',
          '/api/assets?order[days_outside_geo_zone]=desc&pagination=false',
          { token: adminToken },
        )
      ).body['hydra:member']
        .filter((asset) => (asset.days_outside_geo_zone ?? 0) > days)
        .map((asset) => asset.id);
    const asked = await apiIds();
    // The demo's seed has assets long outside their zone: the report has rows to compare.
    expect(asked.length).toBeGreaterThan(0);
    await run(due, created.body.id);
    const { mail, header, ids } = await reportIds(admin.email, created.body.id);
    expect(mail.subject).toBe(`Assets außerhalb ihrer Zone ${amsterdamDay(new Date(due))}`);
    expect(header).toContain('Tage außerhalb der Geozone');
    expect([asked, await apiIds()]).toContainEqual(ids);
  });

  it('mails the stock per zone against its limits as the Stock table answers it, whole or only what is outside', async () => {
    type Table = {
      profiles: { id: number | null; name: string | null }[];
      rows: {
        zone: { id: number; name: string | null };
        cells: { profile: number | null; count: number; min: number | null; max: number | null; state: string }[];
      }[];
    };
    const whole = await subscribe(adminToken, { kind: 'zone-stock' });
    const outside = await subscribe(adminToken, { kind: 'zone-stock', options: { outside: true } });
    expect([whole.status, outside.status]).toEqual([201, 201]);
    const expected = async (onlyOutside: boolean) => {
      const table = (await call<Table>('GET', '/api/stock', { token: adminToken })).body;
      const names = new Map(table.profiles.map((p) => [p.id, p.name]));
      return table.rows.flatMap((row) =>
        row.cells
          .filter((c) => (c.count > 0 || c.min !== null || c.max !== null) && (!onlyOutside || c.state !== 'ok'))
          .map((c) => [
            row.zone.name ?? `#${row.zone.id}`,
            c.profile === null ? 'No profile' : (names.get(c.profile) ?? `#${c.profile}`),
            String(c.count),
            c.min === null ? '' : String(c.min),
            c.max === null ? '' : String(c.max),
          ]),
      );
    };
    const [allAsked, outsideAsked] = [await expected(false), await expected(true)];
    expect(allAsked.length).toBeGreaterThan(0);
    await run(whole.body.next_due as string, whole.body.id, outside.body.id);
    const rowsOf = async (id: number) => {
      const mail = await reportMailOf(admin.email, id);
      return mail.attachments?.length
        ? readCsv(await attachmentText(mail))
            .slice(1)
            .map((row) => row.slice(0, 5))
        : [];
    };
    expect([allAsked, await expected(false)]).toContainEqual(await rowsOf(whole.body.id));
    expect([outsideAsked, await expected(true)]).toContainEqual(await rowsOf(outside.body.id));
  });

  it("holds a client user's own customer's positioned assets only in their dormant-assets report", async () => {
    const theirs = await subscribe(clientToken, {
      kind: 'dormant-assets',
      options: { days: 1 },
      client: (client.client_id as number) + 1000,
    });
    expect(theirs.status).toBe(201);
    expect(theirs.body.client).toMatchObject({ id: client.client_id });
    const due = theirs.body.next_due as string;
    const quiet = async (token: string) =>
      (await readMap(token)).markers
        .filter(([, , , , , updated]) => updated !== null && updated * 1000 < Date.parse(due) - 86_400_000)
        .map(([id]) => id)
        .sort((a, b) => a - b);
    const [clientAsked, everyone] = [await quiet(clientToken), await quiet(adminToken)];
    expect(clientAsked.length).toBeGreaterThan(0);
    expect(everyone.length).toBeGreaterThan(clientAsked.length);
    await run(due, theirs.body.id);
    const { ids } = await reportIds(client.email, theirs.body.id);
    expect([clientAsked, await quiet(clientToken)]).toContainEqual([...ids].sort((a, b) => a - b));
  });
});
