import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../../functions/lib/data/client';
import { pad } from '../../functions/lib/data/keys';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { loanDayPartition } from '../../functions/lib/loan-days/loan-day-records';
import { LOAN_DAY_PAGE_RECORDS, type LoanDayReport } from '../../shared/schemas/loan-day';
import { call } from '../harness/api';
import { pointProcessAtStack } from '../harness/stack';
import { createSweepTenant, removeSweepTenant, type SweepTenant } from '../harness/sweep/sweep-tenant';
import { waitFor } from '../harness/uplinks';

/**
 * A month of more loan days than one answer holds (GET /api/loan-days answers ~5,000 records and names the rest
 * in `next`): a big customer's 180 assets outside every day of July (5,580 records), a small customer's 10 for
 * three days and a reset, written as the daily job writes them. Followed `next` by `next` the answers hold every
 * record once, never split an asset's month, and end with `next: null`; a cursor is bounded to the customer it
 * was made for; the export writes the whole month.
 */
const MONTH = '2025-07';
const BIG = 7_001;
const SMALL = 7_002;
type Violations = { violations?: { propertyPath: string; message: string }[] };
type Answer = LoanDayReport & Violations;

describe('a month of loan days over one answer', () => {
  let tenant: SweepTenant;
  const report = (query: string) => call<Answer>('GET', `/api/loan-days?${query}`, tenant.superAdmin);
  /** Every answer of a query, following `next`. */
  const allAnswers = async (query: string) => {
    const answers: Answer[] = [];
    let path: string | null = `/api/loan-days?${query}`;
    while (path) {
      const answer: { status: number; body: Answer } = await call<Answer>('GET', path, tenant.superAdmin);
      expect(answer.status).toBe(200);
      answers.push(answer.body);
      path = answer.body.next;
    }
    return answers;
  };
  const assetDays = (answers: Answer[]) =>
    answers.flatMap((answer) =>
      answer.customers.flatMap((customer) =>
        customer.assets.map((line) => ({ client: customer.client?.id ?? null, id: line.asset.id, days: line.count })),
      ),
    );

  beforeAll(async () => {
    pointProcessAtStack();
    tenant = await createSweepTenant('loan-day pages');
    const ctx = systemTenantContext(String(tenant.tenantId));
    const record = (client: number, asset: number, sk: string, extra: Record<string, unknown>) => ({
      pk: loanDayPartition(ctx, MONTH),
      sk: `${pad(client)}#${pad(asset)}#${sk}`,
      entityType: 'LOAN_DAY',
      tenantId: ctx.tenantId,
      assetId: asset,
      assetName: `Reel ${asset}`,
      client: { id: client, company: `Customer ${client}` },
      ...extra,
    });
    const day = (client: number, asset: number, n: number) => {
      const date = `${MONTH}-${String(n).padStart(2, '0')}`;
      return record(client, asset, date, {
        kind: 'day',
        day: date,
        zone: null,
        last_fix: null,
        outside_since: null,
        days_outside: n,
      });
    };
    const items = [
      ...Array.from({ length: 180 }, (_, a) => Array.from({ length: 31 }, (_, d) => day(BIG, a + 1, d + 1))).flat(),
      ...Array.from({ length: 10 }, (_, a) => [1, 2, 3].map((n) => day(SMALL, 1_001 + a, n))).flat(),
      record(SMALL, 1_001, 'RESET#2025-07-02T10:00:00.000Z', {
        kind: 'reset',
        at: '2025-07-02T10:00:00.000Z',
        by: null,
        count: 1,
      }),
    ];
    for (let i = 0; i < items.length; i += 25) {
      const batch = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
      let unprocessed: typeof batch | undefined = batch;
      while (unprocessed && unprocessed.length > 0) {
        const answer = await dynamo().send(new BatchWriteCommand({ RequestItems: { [tableName()]: unprocessed } }));
        unprocessed = answer.UnprocessedItems?.[tableName()] as typeof batch | undefined;
      }
    }
  }, 120_000);

  afterAll(async () => {
    await removeSweepTenant(tenant);
  });

  it('answers the month in parts linked by next, each asset whole, every record once', async () => {
    const answers = await allAnswers(`month=${MONTH}`);
    expect(answers).toHaveLength(2);
    const [first, second] = answers as [Answer, Answer];
    // The first answer ends at the first asset boundary after 5,000 records: 162 whole months of 31 days.
    expect(first.total).toBe(Math.ceil(LOAN_DAY_PAGE_RECORDS / 31) * 31);
    expect(first.next).toBe(`/api/loan-days?month=${MONTH}&cursor=${pad(BIG)}-${pad(162)}`);
    expect(first['@id']).toBe(`/api/loan-days?month=${MONTH}`);
    expect(second['@id']).toBe(first.next);
    expect(second.next).toBeNull();
    const lines = assetDays(answers);
    expect(lines.filter((line) => line.client === BIG)).toHaveLength(180);
    expect(lines.filter((line) => line.client === BIG).every((line) => line.days === 31)).toBe(true);
    expect(lines.filter((line) => line.client === SMALL).map((line) => line.days)).toEqual(Array(10).fill(3));
    expect(new Set(lines.map((line) => line.id)).size).toBe(lines.length);
    expect(first.total + second.total).toBe(180 * 31 + 30);
    // The small customer's reset rides with its asset.
    const resets = second.customers.flatMap((customer) => customer.assets.flatMap((line) => line.resets));
    expect(resets).toEqual([{ at: '2025-07-02T10:00:00.000Z', by: null, count: 1 }]);
  });

  it('pages one customer within its own records, and refuses a cursor made for another', async () => {
    const big = await allAnswers(`month=${MONTH}&client=${BIG}`);
    expect(big.map((answer) => answer.total)).toEqual([162 * 31, 18 * 31]);
    expect(big.every((answer) => answer.customers.every((customer) => customer.client?.id === BIG))).toBe(true);
    const small = await allAnswers(`month=${MONTH}&client=${SMALL}`);
    expect(small).toHaveLength(1);
    expect(small[0]?.total).toBe(30);
    // The big customer's cursor with the small customer: a mistake, not a way into other records.
    const crossed = await report(`month=${MONTH}&client=${SMALL}&cursor=${pad(BIG)}-${pad(162)}`);
    expect(crossed.status).toBe(400);
    for (const cursor of ['abc', `${pad(BIG)}#${pad(1)}`, '1-2', `${pad(BIG)}-${pad(1)}-x`]) {
      const refused = await report(`month=${MONTH}&cursor=${encodeURIComponent(cursor)}`);
      expect(refused.status).toBe(422);
      expect(refused.body.violations?.[0]).toMatchObject({ propertyPath: 'cursor', message: 'Invalid cursor' });
    }
    // A cursor past the last asset ends the month at once.
    const past = await report(`month=${MONTH}&cursor=${pad(9_999_999_999)}-${pad(1)}`);
    expect(past.status).toBe(200);
    expect(past.body).toMatchObject({ customers: [], total: 0, next: null });
  });

  it('exports the whole month in one file, a customer total after its last asset', async () => {
    const started = await call<{ id: string }>(
      'POST',
      `/api/loan-days/export?month=${MONTH}&type=csv&language=en`,
      tenant.superAdmin,
    );
    expect(started.status).toBe(202);
    const job = await waitFor(
      () =>
        call<{ status: string; result?: { url: string } }>('GET', `/api/exports/${started.body.id}`, tenant.superAdmin),
      (answer) => answer.body.status !== 'running',
    );
    expect(job.body.status).toBe('done');
    const lines = (await (await fetch(job.body.result?.url ?? '')).text()).trim().split(/\r?\n/);
    const totals = lines.filter((line) => /(^|,)"?Total"?,/.test(line));
    expect(lines.filter((line) => line.includes('Reel '))).toHaveLength(190);
    expect(totals).toHaveLength(3);
    expect(totals.at(-1)).toContain(String(180 * 31 + 30));
    // The big customer's total follows its 180th asset, not the first answer's last.
    const bigTotal = lines.findIndex((line) => line.startsWith(`Customer ${BIG}`) && line.includes('Total'));
    expect(lines[bigTotal - 1]).toContain('Reel 180');
    expect(lines[bigTotal]).toContain(String(180 * 31));
  });
});
