import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { registryPages, startLoanDayRuns } from '../../functions/lib/loan-days/loan-day-fan-out';
import { readDeadLetters } from '../../scripts/local/dead-letters';
import { localTable, pointProcessAtStack, readStack } from '../harness/stack';
import { createSweepTenant, removeSweepTenant, type SweepTenant } from '../harness/sweep/sweep-tenant';
import { waitFor } from '../harness/uplinks';

/**
 * The scheduled loan-day run starts one asynchronous run of the loan-day worker per tenant, through the local
 * Lambda service, so a tenant whose run throws (or takes its 15 minutes) keeps no other tenant's day from being
 * counted. Run for tenants of its own (the registry's every tenant would count the day for other files' tenants).
 */
const DAY = '2026-06-01';

describe('the scheduled loan-day run, one worker run per tenant', () => {
  const tenants: SweepTenant[] = [];
  const idOf = (n: number) => String(tenants[n]?.tenantId);
  const cursor = async (tenant: string) =>
    (
      await localTable().client.send(
        new GetCommand({ TableName: 'tracking', Key: { pk: `T#${tenant}#JOB`, sk: `LOAN_DAYS#${DAY}` } }),
      )
    ).Item;

  beforeAll(async () => {
    pointProcessAtStack();
    process.env.LAMBDA_ENDPOINT = `http://127.0.0.1:${readStack().ports.LAMBDA_PORT}`;
    process.env.LOAN_DAY_WORKER_FUNCTION = 'loan-day-worker';
    for (const purpose of ['Fan-out A', 'Fan-out B', 'Fan-out broken']) tenants.push(await createSweepTenant(purpose));
  });

  afterAll(async () => {
    for (const tenant of tenants) await removeSweepTenant(tenant);
  });

  it('lists every tenant of the registry, its own among them', async () => {
    const listed: string[] = [];
    for await (const page of registryPages()) listed.push(...page);
    expect(listed).toEqual(expect.arrayContaining([idOf(0), idOf(1), idOf(2)]));
  });

  it("counts each tenant's day in a run of its own; a tenant whose run throws stops no other and is kept", async () => {
    const broken = idOf(2);
    // A cursor whose position is a number: the worker's Query of the asset partition is refused, and the run throws.
    await localTable().client.send(
      new PutCommand({
        TableName: 'tracking',
        Item: { pk: `T#${broken}#JOB`, sk: `LOAN_DAYS#${DAY}`, entityType: 'JOB_CURSOR', after: 42, done: false },
      }),
    );
    const before = readDeadLetters('lambda-async', readStack().dataDir).length;

    // The broken tenant first, the registry in two pages.
    const fanOut = await startLoanDayRuns(DAY, pagesOf([[broken, idOf(0)], [idOf(1)]]));
    expect(fanOut).toEqual({ day: DAY, started: 3 });

    for (const tenant of [idOf(0), idOf(1)]) {
      await waitFor(
        () => cursor(tenant),
        (item) => item?.done === true,
      );
    }
    const letters = await waitFor(
      async () => readDeadLetters('lambda-async', readStack().dataDir).slice(before),
      (found) => found.some((letter) => letter.target === 'loan-day-worker'),
    );
    expect(letters.find((letter) => letter.target === 'loan-day-worker')).toMatchObject({
      requestPayload: { date: DAY, tenant: broken },
    });
    expect(await cursor(broken)).toMatchObject({ after: 42, done: false });
  });

  it('names the tenants whose run it could not start, and throws so the failure is kept', async () => {
    process.env.LOAN_DAY_WORKER_FUNCTION = 'no-such-worker';
    try {
      await expect(startLoanDayRuns(DAY, pagesOf([[idOf(0)]]))).rejects.toThrow(
        new RegExp(`0 tenants' runs started, these not: ${idOf(0)} `),
      );
    } finally {
      process.env.LOAN_DAY_WORKER_FUNCTION = 'loan-day-worker';
    }
  });
});

async function* pagesOf(pages: string[][]): AsyncGenerator<string[]> {
  yield* pages;
}
