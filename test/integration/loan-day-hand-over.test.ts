import { randomBytes } from 'node:crypto';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { itemKey } from '../../functions/lib/data/keys';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { withEffects } from '../../functions/lib/effects/with-effects';
import type { LoanDayTenantEvent } from '../../functions/lib/loan-days/loan-day-fan-out';
import { dayKey } from '../../functions/lib/loan-days/loan-day-lease';
import { type LoanDayInvocation, runLoanDayWorker } from '../../functions/lib/loan-days/loan-day-run';
import { TABLE_NAME } from '../../scripts/local/config';
import { call } from '../harness/api';
import { createOwnTenant, type OwnTenant, removeOwnTenant } from '../harness/own-tenant';
import { localTable, pointProcessAtStack, readStack } from '../harness/stack';
import { waitUntil } from '../harness/wait';

/**
 * The loan-day worker's hand-over (docs/decisions/0333-the-loan-day-job-runs-each-tenant-in-a-lambda-of-its-own.md,
 * "Since"). Two tenants of this file's own get the same twelve reels (outside their zone, most of them still) and
 * the same contract lines: one tenant's day runs in one worker run with all the time it needs, the other's in runs
 * given no time at all, each handing over after its one step (the count, the rollup, ten assets' audit). Both days
 * must end with the same loan days, counters and audit days. Then a run handed over through the stack's worker, and
 * repeated deliveries of handed-over runs, which apply nothing.
 */
const DAY = '2026-05-20';
const NEXT_DAY = '2026-05-21';
const REELS = 12;
const run = randomBytes(3).toString('hex');

/** The worker's effects context around in-process runs, as the worker's handler has it. */
const asWorker = <T>(work: () => Promise<T>) => withEffects('worker', work)(undefined);
const allTheTime: LoanDayInvocation = {
  timeLeft: () => 60 * 60_000,
  handOverTo: async () => {
    throw new Error('A run with all the time it needs hands nothing over');
  },
};

let whole: OwnTenant;
let handed: OwnTenant;
const idOf = (tenant: OwnTenant) => String(tenant.tenantId);

async function created(tenant: OwnTenant, path: string, body: unknown): Promise<number> {
  const answer = await call<{ id: number }>('POST', path, { ...tenant.superAdmin, body });
  expect(answer.status).toBe(201);
  return answer.body.id;
}

/** Twelve reels outside their depot since May, every one but each third still since then, each on a line. */
async function seed(tenant: OwnTenant) {
  const ctx = systemTenantContext(idOf(tenant));
  const zone = await created(tenant, '/api/geo-zones', {
    name: 'Depot',
    geometry: { type: 'Point', coordinates: [5.12, 52.09], radius: 300 },
  });
  const customer = await created(tenant, '/api/clients', {
    name: 'Hand-over',
    company: 'Hand-over',
    email: `ho-${run}-${idOf(tenant)}@own.local`,
  });
  for (let i = 0; i < REELS; i++) {
    const device = await created(tenant, '/api/devices', {
      name: `Tag ${i}`,
      dev_eui: randomBytes(8).toString('hex').toUpperCase(),
    });
    const asset = await created(tenant, '/api/assets', {
      name: `Reel ${i}`,
      devices: [device],
      geo_zone: zone,
      client: customer,
    });
    // The state the pipeline keeps on the asset from its fixes: outside the zone, at rest since the 1st.
    const since = '2026-05-01T08:00:00.000Z';
    await localTable().client.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: itemKey(ctx, 'ASSET', asset),
        UpdateExpression: `SET zone_membership = :outside${i % 3 ? ', rest_position = :rest' : ''}`,
        ExpressionAttributeValues: {
          ':outside': { state: 'outside', pending: 0, zoneId: zone, since },
          ...(i % 3 ? { ':rest': { latitude: 52.2, longitude: 5.3, radius: 10, since } } : {}),
        },
      }),
    );
    const saved = await call('PUT', `/api/rental-contracts/HO-${i}`, {
      ...tenant.superAdmin,
      body: {
        status: 'active',
        customer,
        asset,
        onHire: `2026-05-${String(10 + (i % 5)).padStart(2, '0')}`,
        deliverySite: { address: 'Dorpsstraat 1, Utrecht' },
        ...(i % 4 === 0 ? { expectedReturn: '2026-05-18' } : {}),
      },
    });
    expect([200, 201]).toContain(saved.status);
  }
}

const query = async (pk: string) =>
  (
    await localTable().client.send(
      new QueryCommand({
        TableName: TABLE_NAME,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
      }),
    )
  ).Items ?? [];

/** What a tenant's day left, without its ids: loan-day records, the assets' counters, the audit's days. */
async function dayResult(tenant: OwnTenant) {
  const t = idOf(tenant);
  const records = (await query(`T#${t}#LOAN_DAY#2026-05`)).map((r) => `${r.assetName} ${r.day} ${r.days_outside}`);
  const assets = await call<{ 'hydra:member': Record<string, unknown>[] }>('GET', '/api/assets?pagination=false', {
    ...tenant.superAdmin,
  });
  const counters = assets.body['hydra:member'].map((a) => `${a.name} ${a.days_outside_geo_zone} ${a.days_still}`);
  const audit = (await query(`T#${t}#RENTAL_AUDIT#2026-05`)).map(
    (d) => `${d.externalId} ${d.day} ${d.class} ${d.billed} ${JSON.stringify(d.place)}`,
  );
  return { records: records.sort(), counters: counters.sort(), audit: audit.sort() };
}

const dayItem = async (tenant: OwnTenant, day: string) =>
  (
    await localTable().client.send(
      new GetCommand({
        TableName: TABLE_NAME,
        Key: dayKey(systemTenantContext(idOf(tenant)), day),
        ConsistentRead: true,
      }),
    )
  ).Item ?? {};

/** The stack's worker invoked synchronously through the local Lambda service, as a repeated delivery would be. */
async function invokeWorker(event: LoanDayTenantEvent) {
  const response = await fetch(
    `http://127.0.0.1:${readStack().ports.LAMBDA_PORT}/2015-03-31/functions/loan-day-worker/invocations`,
    { method: 'POST', body: JSON.stringify(event) },
  );
  expect(response.status).toBe(200);
  expect(response.headers.get('x-amz-function-error')).toBeNull();
}

beforeAll(async () => {
  pointProcessAtStack();
  const { ports, liveUrl } = readStack();
  // A hand-over invokes the worker as the worker itself would: through the stack's Lambda stand-in.
  Object.assign(process.env, {
    LAMBDA_ENDPOINT: `http://127.0.0.1:${ports.LAMBDA_PORT}`,
    LOAN_DAY_WORKER_FUNCTION: 'loan-day-worker',
    SQS_ENDPOINT: `http://127.0.0.1:${ports.SQS_PORT}`,
    WEBHOOK_QUEUE_URL: `http://127.0.0.1:${ports.SQS_PORT}/000000000000/tracking-webhooks`,
    ...(liveUrl ? { LIVE_ENDPOINT: liveUrl } : {}),
  });
  whole = await createOwnTenant('Loan day whole');
  handed = await createOwnTenant('Loan day handed over');
  await seed(whole);
  await seed(handed);
});

afterAll(async () => {
  await removeOwnTenant(whole);
  await removeOwnTenant(handed);
});

describe('the loan-day worker short of time', () => {
  it('hands over after each step, and the day ends as a run with all the time would end it', async () => {
    await asWorker(() => runLoanDayWorker({ date: DAY, tenant: idOf(whole) }, allTheTime));
    expect(await dayItem(whole, DAY)).toMatchObject({ run: 1, done: true, finished: true });

    // Every run has no time left: it does one step and hands the day to the next, held back here and run in turn.
    const handedTo: LoanDayTenantEvent[] = [];
    const noTime: LoanDayInvocation = { timeLeft: () => 0, handOverTo: async (next) => void handedTo.push(next) };
    await asWorker(() => runLoanDayWorker({ date: DAY, tenant: idOf(handed) }, noTime));
    for (let n = 0; n < handedTo.length && n < 10; n++) {
      const next = handedTo[n] as LoanDayTenantEvent;
      expect(await dayItem(handed, DAY)).toMatchObject({ run: next.run, finished: false });
      await asWorker(() => runLoanDayWorker(next, noTime));
    }
    // The count, the rollup and the first ten assets' audit each ended a run; the last two assets' audit ended the day.
    expect(handedTo.map((event) => event.run)).toEqual([2, 3]);
    const item = await dayItem(handed, DAY);
    expect(item).toMatchObject({ run: 3, done: true, finished: true });
    expect(item).not.toHaveProperty('heldUntil');
    expect(item).not.toHaveProperty('auditAfter');

    const expected = await dayResult(whole);
    expect(expected.records).toHaveLength(REELS);
    expect(expected.audit.length).toBeGreaterThan(REELS * 5);
    expect(await dayResult(handed)).toEqual(expected);
  });

  it("hands over to the stack's worker; a repeated or late handed-over run applies nothing", async () => {
    await asWorker(() => runLoanDayWorker({ date: NEXT_DAY, tenant: idOf(whole) }, allTheTime));
    // The first run has no time left; the run it hands to is the stack's worker, with its whole timeout.
    await asWorker(() => runLoanDayWorker({ date: NEXT_DAY, tenant: idOf(handed) }, { timeLeft: () => 0 }));
    const finished = await waitUntil(
      'the handed-over day to finish',
      () => dayItem(handed, NEXT_DAY),
      (item) => item.finished === true,
      { timeoutMs: 120_000 },
    );
    expect(finished).toMatchObject({ run: 2, done: true });
    const result = await dayResult(handed);
    expect(result).toEqual(await dayResult(whole));

    // The handed-over run delivered again, and the first run's number late: the day is finished, or not theirs.
    await invokeWorker({ date: NEXT_DAY, tenant: idOf(handed), run: 2 });
    await invokeWorker({ date: NEXT_DAY, tenant: idOf(handed), run: 1 });
    expect(await dayItem(handed, NEXT_DAY)).toEqual(finished);
    expect(await dayResult(handed)).toEqual(result);
  });
});
