import { randomBytes } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { storeAssetImport } from '../../functions/lib/asset-import/asset-import';
import {
  ASSET_IMPORT_STALLED_MS,
  type AssetImportJournal,
} from '../../functions/lib/asset-import/asset-import-journal';
import { claimAssetImportRun } from '../../functions/lib/asset-import/asset-import-lease';
import { planAssetImport } from '../../functions/lib/asset-import/asset-import-plan';
import { applyAssetImport, runAssetImportJob } from '../../functions/lib/asset-import/asset-import-run';
import { ROWS_PER_CHUNK } from '../../functions/lib/asset-import/asset-import-store';
import { authContextFromClaims } from '../../functions/lib/auth/auth-context';
import { withEffects } from '../../functions/lib/effects/with-effects';
import { TABLE_NAME } from '../../scripts/local/config';
import { flattenClaims } from '../../scripts/local/gateway';
import type { AssetImportProgress } from '../../shared/schemas/asset-import';
import { call, tokenOf } from '../harness/api';
import { localTable, pointProcessAtStack, readStack } from '../harness/stack';
import { waitUntil } from '../harness/wait';

/**
 * The asset import's runs (docs/decisions/0332-asset-import-round-trips-the-export-per-row-behind-a-dry-run.md,
 * "Since"). The import is planned and stored in-process as the import request does it, and its first run is the
 * worker's own code given a time budget already spent: it applies one chunk and hands the rest over to a new
 * invocation of the stack's worker. Only the journal's current run applies; a worker whose journal went quiet past
 * the bound is answered as stalled, and a late invocation applies nothing.
 */
type Asset = { reference: string | null };

const facts = {
  path: '/api/assets/import',
  requestId: 'runs',
  receivedAt: Date.now(),
  ip: '127.0.0.1',
  userAgent: 'jest',
};
const claimsOf = (token: string) =>
  flattenClaims(JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')));

/** The worker's effects context around in-process runs, as the worker's handler has it. */
const asWorker = <T>(work: () => Promise<T>) => withEffects('worker', work)(undefined);

describe('asset import runs', () => {
  let admin: string;
  let claims: Record<string, string>;
  let tenantId: string;
  const run = `Run${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    pointProcessAtStack();
    const { ports, liveUrl } = readStack();
    // The hand-over invokes the worker as the worker itself would: through the stack's Lambda stand-in.
    Object.assign(process.env, {
      LAMBDA_ENDPOINT: `http://127.0.0.1:${ports.LAMBDA_PORT}`,
      ASSET_IMPORT_WORKER_FUNCTION: 'asset-import-worker',
      SQS_ENDPOINT: `http://127.0.0.1:${ports.SQS_PORT}`,
      WEBHOOK_QUEUE_URL: `http://127.0.0.1:${ports.SQS_PORT}/000000000000/tracking-webhooks`,
      ...(liveUrl ? { LIVE_ENDPOINT: liveUrl } : {}),
    });
    admin = await tokenOf('admin');
    claims = claimsOf(admin);
    tenantId = String(claims['custom:tenant']);
  });

  /** A file of `rows` new assets named `<run>-<name>-<n>`, planned and stored as POST /api/assets/import does. */
  async function stored(name: string, rows: number) {
    const auth = await authContextFromClaims(claims, tenantId);
    const records = Array.from({ length: rows }, (_, i) => ({
      line: i + 2,
      cells: { name: `${run} ${name} ${i}`, reference: `${run}-${name}-${i}` },
    }));
    const planning = await planAssetImport(auth.tenant, records, true);
    expect(planning.plan.counts).toMatchObject({ create: rows, refused: 0 });
    const journal = await storeAssetImport(auth, planning, facts);
    return { auth, journal, event: { tenantId, journal: journal.key.sk, claims } };
  }

  const progressOf = async (journal: AssetImportJournal) =>
    (await call<AssetImportProgress>('GET', `/api/assets/import/progress?plan=${journal.plan}`, { token: admin })).body;

  const journalItem = async (journal: AssetImportJournal) =>
    (await localTable().client.send(new GetCommand({ TableName: TABLE_NAME, Key: journal.key }))).Item ?? {};

  /** The worker invoked synchronously through the stack's Lambda stand-in, for run `run` of the journal. */
  async function invokeWorker(event: { journal: string }, runNumber: number) {
    const response = await fetch(
      `http://127.0.0.1:${readStack().ports.LAMBDA_PORT}/2015-03-31/functions/asset-import-worker/invocations`,
      { method: 'POST', body: JSON.stringify({ ...event, run: runNumber }) },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('x-amz-function-error')).toBeNull();
  }

  /** The references of this test's assets named `name`, sorted: each created row once. */
  async function references(name: string) {
    const listed = await call<{ 'hydra:member': Asset[] }>('GET', `/api/assets?pagination=false&search=${run}`, {
      token: admin,
    });
    return listed.body['hydra:member']
      .map((asset) => asset.reference ?? '')
      .filter((reference) => reference.startsWith(`${run}-${name}-`))
      .sort();
  }
  const expected = (name: string, rows: number) => Array.from({ length: rows }, (_, i) => `${run}-${name}-${i}`).sort();

  const ended = (journal: AssetImportJournal) =>
    waitUntil(
      `the import ${journal.id} to end`,
      () => progressOf(journal),
      (p) => p.status !== 'running',
      {
        timeoutMs: 180_000,
      },
    );

  it('a worker short of time hands over, and the next run ends it with every row created once', async () => {
    const rows = ROWS_PER_CHUNK + 1;
    const { journal, event } = await stored('handed', rows);
    // The time left is always under the margin: the run applies its one chunk, then hands over.
    await asWorker(() => runAssetImportJob(event, { timeLeft: () => 0 }));
    const done = await ended(journal);
    expect(done).toMatchObject({ status: 'done', total: rows, done: rows });
    expect(done.result?.counts).toMatchObject({ create: rows, failed: 0 });
    const after = await journalItem(journal);
    expect(after).toMatchObject({ status: 'done', nextChunk: 2 });
    expect(Number(after.run)).toBeGreaterThanOrEqual(2);
    expect(after.claimedRun).toBe(after.run);

    // Every run invoked again, as a repeated delivery: nothing is applied twice.
    await invokeWorker(event, 1);
    await invokeWorker(event, 2);
    expect((await progressOf(journal)).result).toEqual(done.result);
    expect(await references('handed')).toEqual(expected('handed', rows));
  });

  it('only the run handed to applies: an old run invoked late and a repeated one apply nothing', async () => {
    const rows = ROWS_PER_CHUNK + 1;
    const { auth, journal, event } = await stored('lease', rows);
    const claimed = (await claimAssetImportRun(auth.tenant, journal.key.sk, 1)) as AssetImportJournal;
    expect(claimed).toMatchObject({ run: 1, claimedRun: 1 });
    // The first run hands over, but the invocation of run 2 is held back: the journal waits for it.
    const handedTo: number[] = [];
    await asWorker(() =>
      applyAssetImport(claimed, async () => auth, {
        handOver: { timeLeft: () => 0, to: async (next) => void handedTo.push(next) },
      }),
    );
    expect(handedTo).toEqual([2]);
    expect(await progressOf(journal)).toMatchObject({ status: 'running', done: ROWS_PER_CHUNK });

    // Run 1 again (a late or repeated delivery of the first invocation): it is no longer the journal's run.
    await invokeWorker(event, 1);
    expect(await journalItem(journal)).toMatchObject({ run: 2, claimedRun: 1, nextChunk: 1, done: ROWS_PER_CHUNK });
    expect(await references('lease')).toHaveLength(ROWS_PER_CHUNK);

    // Run 2 delivered twice at once: one claims it and ends the import, the other finds the claim.
    await Promise.all([invokeWorker(event, 2), invokeWorker(event, 2)]);
    const done = await ended(journal);
    expect(done).toMatchObject({ status: 'done', done: rows });
    expect(done.result?.counts).toMatchObject({ create: rows, failed: 0 });
    expect(await references('lease')).toEqual(expected('lease', rows));
  });

  /** The journal's last progress `ms` ago: what the clock does to an import nobody records progress on. */
  async function lastProgressAgo(journal: AssetImportJournal, ms: number) {
    await localTable().client.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: journal.key,
        UpdateExpression: 'SET updatedAt = :at',
        ExpressionAttributeValues: { ':at': new Date(Date.now() - ms).toISOString() },
      }),
    );
  }

  it('an import whose worker went quiet is answered as stalled, and a late worker applies nothing', async () => {
    // Stored as the request stores it, but no worker is invoked: as an invocation Lambda dropped or held.
    const { journal, event } = await stored('stalled', 1);
    await lastProgressAgo(journal, ASSET_IMPORT_STALLED_MS - 60_000);
    expect(await progressOf(journal)).toMatchObject({ status: 'running', done: 0 });

    await lastProgressAgo(journal, ASSET_IMPORT_STALLED_MS + 60_000);
    const stalled = await progressOf(journal);
    expect(stalled).toMatchObject({ status: 'stalled', total: 1, done: 0 });
    expect(stalled.result?.counts).toMatchObject({ create: 0, update: 0, failed: 0 });

    // The invocation arrives after all: it must not start behind the console's back.
    await invokeWorker(event, 1);
    expect(await journalItem(journal)).toMatchObject({ status: 'running', claimedRun: 0, done: 0 });
    expect(await references('stalled')).toEqual([]);
    expect((await progressOf(journal)).status).toBe('stalled');
  });
});
