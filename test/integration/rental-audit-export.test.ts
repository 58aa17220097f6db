import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../../functions/lib/data/client';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { dayItem, type StoredAuditDay } from '../../functions/lib/rental-audit/audit-keys';
import type { RentalAuditClass } from '../../shared/rental-audit/classify-day';
import { type ExportJob, NOTHING_TO_EXPORT } from '../../shared/schemas/export';
import { DEFAULT_RETENTION } from '../../shared/schemas/retention';
import { call, tokenOf } from '../harness/api';
import { readCsv, readPdf, readXlsx } from '../harness/export-files';
import { addCustomerLogin, createOwnTenant, type OwnTenant, removeOwnTenant } from '../harness/own-tenant';
import { pointProcessAtStack } from '../harness/stack';
import { waitUntil } from '../harness/wait';

/**
 * The rental audit's export (POST /api/rental-audit/export) through the export jobs and the worker, in a tenant of
 * this file's own: February 2025's days written as the nightly job writes them for two customers, then read back
 * as CSV, Excel and PDF. A client user's file holds their own customer's lines only, whatever they ask; another
 * tenant's admin finds nothing to export.
 */
type Auth = { token: string; headers?: Record<string, string> };
type ErrorBody = { detail: string; violations?: { propertyPath: string; message: string }[] };

const MONTH = '2025-02';
const HEADER = [
  'Customer',
  'Customer name',
  'External id',
  'Asset',
  'Asset name',
  'Asset reference',
  'Day',
  'Class',
  'Billed',
  'Fixes',
  'Fixes in the delivery zone',
  'Fixes at a depot',
  'Fixes in another zone',
  'Fixes outside zones',
];

let tenant: OwnTenant;
let customers: { a: number; b: number };
let clientToken: string;
/** An asset of the tenant, with a reference; the other line's asset is an id the tenant has (no longer) got. */
let asset: number;
const GONE = 999_999;

/** Each line's days from the 10th on, by class; a line's asset (null: rented by type). */
const LINES = (c: { a: number; b: number }) => [
  { customer: c.a, externalId: 'EXP-A1', asset, classes: ['on-hire', 'over-billed', 'overdue'] },
  { customer: c.a, externalId: 'EXP-A2', asset: null, classes: ['no-data', 'unbilled'] },
  { customer: c.b, externalId: 'EXP-B1', asset: GONE, classes: ['misplaced', 'off-hire'] },
];
/** The names beside the ids: a customer's company, else its contact's name; a deleted asset's empty. */
const CUSTOMER_NAMES = () => ({ [customers.a]: 'Export A', [customers.b]: 'Export B Rentals' });
const ASSET_NAMES = () => ({ [asset]: ['Export crane', 'CR-7'] });
const BILLED = (name: string) => name !== 'unbilled' && name !== 'off-hire' && name !== 'no-data';

async function writeDays() {
  const ctx = systemTenantContext(String(tenant.tenantId));
  for (const line of LINES(customers)) {
    for (const [n, name] of line.classes.entries()) {
      const day: StoredAuditDay = {
        externalId: line.externalId,
        customer: line.customer,
        asset: line.asset,
        lineVersion: 1,
        day: `${MONTH}-${String(10 + n).padStart(2, '0')}`,
        class: name as RentalAuditClass,
        billed: BILLED(name),
        place: name === 'no-data' ? 'unknown' : 'site',
        evidence: {
          fixes: n + 2,
          places: { 'delivery-zone': n + 1, depot: 1, 'other-zone': 0, outside: 0 },
          firstFix: null,
          lastFix: null,
          deciding: null,
          visits: [],
          reason: null,
        },
      };
      await dynamo().send(
        new PutCommand({ TableName: tableName(), Item: dayItem(ctx, day, DEFAULT_RETENTION.loanDayYears) }),
      );
    }
  }
}

/** The rows the English CSV holds for these customers, in the answer's order (customer, line, day). */
const WORDS: Record<string, string> = {
  'on-hire': 'On hire',
  'over-billed': 'Billed at a depot',
  overdue: 'Overdue',
  'no-data': 'No data',
  unbilled: 'Not billed',
  misplaced: 'Misplaced',
  'off-hire': 'Off hire',
};
const expectedRows = (of: number[]) =>
  LINES(customers)
    .filter((line) => of.includes(line.customer))
    .sort((x, y) => x.customer - y.customer || x.externalId.localeCompare(y.externalId))
    .flatMap((line) =>
      line.classes.map((name, n) => [
        String(line.customer),
        CUSTOMER_NAMES()[line.customer],
        line.externalId,
        line.asset === null ? '' : String(line.asset),
        ...(line.asset === null ? ['', ''] : (ASSET_NAMES()[line.asset] ?? ['', ''])),
        `${MONTH}-${String(10 + n).padStart(2, '0')}`,
        WORDS[name],
        BILLED(name) ? 'yes' : 'no',
        String(n + 2),
        String(n + 1),
        '1',
        '0',
        '0',
      ]),
    );

const start = (as: Auth, query: string) => call<ExportJob & ErrorBody>('POST', `/api/rental-audit/export?${query}`, as);

async function file(as: Auth, query: string): Promise<{ job: ExportJob; bytes: Buffer }> {
  const started = await start(as, query);
  expect(started.status).toBe(202);
  expect(started.body).toMatchObject({ list: 'rentalAudit', status: 'running' });
  const answer = await waitUntil(
    `rental audit export ${started.body.id}`,
    () => call<ExportJob>('GET', `/api/exports/${started.body.id}`, as),
    (job) => job.status !== 200 || job.body.status !== 'running',
    { timeoutMs: 60_000 },
  );
  expect(answer.body.status).toBe('done');
  const download = await fetch(answer.body.result?.url ?? '');
  expect(download.status).toBe(200);
  return { job: answer.body, bytes: Buffer.from(await download.arrayBuffer()) };
}

beforeAll(async () => {
  pointProcessAtStack();
  tenant = await createOwnTenant('Rental audit export');
  const login = await addCustomerLogin(tenant, 'Export A');
  clientToken = login.token;
  const b = await call<{ id: number }>('POST', '/api/clients', {
    ...tenant.superAdmin,
    body: { name: 'Export B', company: 'Export B Rentals', email: `export-b-${tenant.tenantId}@own.local` },
  });
  expect(b.status).toBe(201);
  customers = { a: login.customerId, b: b.body.id };
  const crane = await call<{ id: number }>('POST', '/api/assets', {
    ...tenant.superAdmin,
    body: { name: 'Export crane', reference: 'CR-7' },
  });
  expect(crane.status).toBe(201);
  asset = crane.body.id;
  await writeDays();
}, 120_000);

afterAll(async () => {
  await removeOwnTenant(tenant);
});

describe('the rental audit export', () => {
  it('writes the month as CSV, a row per line and day in the answer’s order', async () => {
    const { job, bytes } = await file(tenant.superAdmin, `month=${MONTH}&type=csv&language=en`);
    expect(job.result?.fileName).toMatch(/^RentalAudit\.2025-02\.\d{4}-\d{2}-\d{2}\.csv$/);
    expect(job.rows).toBe(7);
    const rows = readCsv(bytes);
    expect(rows[0]).toEqual(HEADER);
    expect(rows.slice(1)).toEqual(expectedRows([customers.a, customers.b]));
  });

  it('writes one customer’s month as Excel in Dutch, and as PDF', async () => {
    const excel = await file(tenant.superAdmin, `month=${MONTH}&customer=${customers.b}&type=excel&language=nl`);
    expect(excel.job.result?.fileName).toMatch(new RegExp(`^RentalAudit\\.2025-02\\.${customers.b}\\.`));
    const sheet = await readXlsx(excel.bytes);
    expect(sheet[0]?.slice(0, 8)).toEqual([
      'Klant',
      'Klantnaam',
      'Extern id',
      'Asset',
      'Assetnaam',
      'Assetreferentie',
      'Dag',
      'Klasse',
    ]);
    // The asset is gone from the tenant: its id stays, its name is empty.
    expect(sheet.slice(1).map((row) => row.slice(0, 9))).toEqual([
      [customers.b, 'Export B Rentals', 'EXP-B1', GONE, null, null, '2025-02-10', 'Verkeerde plek', 'ja'],
      [customers.b, 'Export B Rentals', 'EXP-B1', GONE, null, null, '2025-02-11', 'Niet verhuurd', 'nee'],
    ]);
    const pdf = await readPdf((await file(tenant.superAdmin, `month=${MONTH}&type=pdf&language=en`)).bytes);
    expect(pdf.text).toContain('Rental audit 2025-02');
    for (const text of ['EXP-A1', 'EXP-A2', 'EXP-B1', 'Export A', 'Export B Rentals', 'Export crane', 'CR-7'])
      expect(pdf.text).toContain(text);
  });

  it('gives a client user their own customer’s lines only; another customer’s is refused', async () => {
    const own = await file({ token: clientToken }, `month=${MONTH}&type=csv&language=en`);
    expect(readCsv(own.bytes).slice(1)).toEqual(expectedRows([customers.a]));
    const named = await file({ token: clientToken }, `month=${MONTH}&customer=${customers.a}&type=csv&language=en`);
    expect(readCsv(named.bytes).slice(1)).toEqual(expectedRows([customers.a]));
    // Another customer's audit: nothing of it is theirs, so there is nothing to export and no job is made.
    const other = await start({ token: clientToken }, `month=${MONTH}&customer=${customers.b}&type=csv`);
    expect(other.status).toBe(422);
    expect(other.body.detail).toContain(NOTHING_TO_EXPORT);
  });

  it('finds nothing of this tenant for another tenant’s admin, and refuses bad input with 422', async () => {
    const admin = { token: await tokenOf('admin') };
    for (const query of [`month=${MONTH}&type=csv`, `month=${MONTH}&customer=${customers.a}&type=csv`]) {
      const answer = await start(admin, query);
      expect(answer.status).toBe(422);
      expect(answer.body.detail).toContain(NOTHING_TO_EXPORT);
    }
    const badMonth = await start(tenant.superAdmin, 'month=2025-13&type=csv');
    expect(badMonth.status).toBe(422);
    expect(badMonth.body.violations?.map((v) => v.propertyPath)).toEqual(['month']);
    const badType = await start(tenant.superAdmin, `month=${MONTH}&type=doc`);
    expect(badType.status).toBe(422);
    expect(badType.body.violations?.[0]).toMatchObject({ propertyPath: 'type' });
    expect((await call('POST', `/api/rental-audit/export?month=${MONTH}&type=csv`)).status).toBe(401);
  });
});
