import { systemTenantContext } from '../../functions/lib/data/system-context';
import { dayItem, type StoredAuditDay } from '../../functions/lib/rental-audit/audit-keys';
import { ANSWER_DAYS } from '../../functions/lib/rental-audit/audit-report';
import { batchPut } from '../../scripts/seed/batch-write';
import type { ExportJob } from '../../shared/schemas/export';
import { DEFAULT_RETENTION } from '../../shared/schemas/retention';
import { call } from '../harness/api';
import { readCsv } from '../harness/export-files';
import { createOwnTenant, type OwnTenant, removeOwnTenant } from '../harness/own-tenant';
import { pointProcessAtStack } from '../harness/stack';
import { waitUntil } from '../harness/wait';

/**
 * The rental audit export of a month with more days than one answer holds (ANSWER_DAYS, and more than one
 * DynamoDB page of the month's partition): 180 lines × February's 28 days written as the nightly job writes them
 * (BatchWriteItem, as the bench seed does), in a tenant of this file's own. The CSV holds every day once, in the
 * answer's order (customer, line, day).
 */
const MONTH = '2025-02';
const LINES = 180;
const DAYS = 28;

let tenant: OwnTenant;
let customer: number;
const externalId = (n: number) => `PG-${String(n).padStart(3, '0')}`;
const dayOf = (d: number) => `${MONTH}-${String(d + 1).padStart(2, '0')}`;

beforeAll(async () => {
  pointProcessAtStack();
  tenant = await createOwnTenant('Rental audit export pages');
  const made = await call<{ id: number }>('POST', '/api/clients', {
    ...tenant.superAdmin,
    body: { name: 'Pages', company: 'Pages Rentals', email: `pages-${tenant.tenantId}@own.local` },
  });
  expect(made.status).toBe(201);
  customer = made.body.id;
  const ctx = systemTenantContext(String(tenant.tenantId));
  const items = Array.from({ length: LINES * DAYS }, (_, i) => {
    const day: StoredAuditDay = {
      externalId: externalId(Math.floor(i / DAYS)),
      customer,
      asset: null,
      lineVersion: 1,
      day: dayOf(i % DAYS),
      class: 'no-data',
      billed: false,
      place: 'unknown',
      evidence: {
        fixes: 0,
        places: { 'delivery-zone': 0, depot: 0, 'other-zone': 0, outside: 0 },
        firstFix: null,
        lastFix: null,
        deciding: null,
        visits: [],
        reason: null,
      },
    };
    return dayItem(ctx, day, DEFAULT_RETENTION.loanDayYears);
  });
  await batchPut(items, 8);
}, 180_000);

afterAll(async () => {
  await removeOwnTenant(tenant);
});

it('exports a month of more days than an answer holds, every day exactly once and in order', async () => {
  expect(LINES * DAYS).toBeGreaterThan(ANSWER_DAYS);
  const started = await call<ExportJob>('POST', `/api/rental-audit/export?month=${MONTH}&type=csv&language=en`, {
    ...tenant.superAdmin,
  });
  expect(started.status).toBe(202);
  const done = await waitUntil(
    `rental audit export ${started.body.id}`,
    () => call<ExportJob>('GET', `/api/exports/${started.body.id}`, tenant.superAdmin),
    (job) => job.status !== 200 || job.body.status !== 'running',
    { timeoutMs: 120_000 },
  );
  expect(done.body).toMatchObject({ status: 'done', rows: LINES * DAYS });
  const download = await fetch(done.body.result?.url ?? '');
  expect(download.status).toBe(200);
  const rows = readCsv(Buffer.from(await download.arrayBuffer())).slice(1);
  const expected = Array.from(
    { length: LINES * DAYS },
    (_, i) => `${externalId(Math.floor(i / DAYS))} ${dayOf(i % DAYS)}`,
  );
  expect(rows.map((row) => `${row[2]} ${row[6]}`)).toEqual(expected);
  expect(new Set(rows.map((row) => row[0]))).toEqual(new Set([String(customer)]));
});
