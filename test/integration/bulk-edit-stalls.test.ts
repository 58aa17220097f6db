import { randomBytes, randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { BULK_EDIT_STALLED_MS } from '../../functions/lib/bulk-edit/bulk-edit-stall';
import {
  claimJob,
  createOrFindJob,
  ROWS_PER_CHUNK,
  recordChunk,
  requestHashOf,
} from '../../functions/lib/bulk-edit/bulk-edit-store';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { TABLE_NAME } from '../../scripts/local/config';
import { flattenClaims } from '../../scripts/local/gateway';
import { BULK_EDIT_MESSAGES, type BulkEditJob } from '../../shared/schemas/bulk-edit';
import { call, tokenOf } from '../harness/api';
import { localTable, pointProcessAtStack, readStack } from '../harness/stack';

/**
 * A bulk edit whose worker is gone (docs/decisions/0331-bulk-edit-runs-as-a-job-one-conditional-write-per-row.md,
 * "Since"): the job is written as the route writes it but no worker runs it, then its last progress is put back
 * past the bound, as the clock would after the worker's timeout. It is answered as stalled with every row
 * accounted for, and a worker invoked that late applies nothing.
 */
type Asset = { id: number; version: number; scheduled: string | null };

const demo = systemTenantContext('1');
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

/** The job as POST /api/assets/bulk-edit records it, without the worker's invocation. */
async function writtenJob(ownerSub: string, ids: number[], changes: Record<string, unknown>) {
  const { job } = await createOrFindJob(demo, {
    target: 'assets',
    ownerSub,
    key: randomUUID(),
    requestHash: requestHashOf({ ids, changes }),
    ids,
    changes,
    audit: { actor: { kind: 'user', id: ownerSub, name: 'admin' }, ip: '127.0.0.1', userAgent: 'jest', path: '/' },
  });
  return job;
}

/** The job's last progress `ms` ago: what the clock does to a job nobody records progress on. */
async function lastProgressAgo(jobId: string, ms: number) {
  await localTable().client.send(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: { pk: 'T#1#BULK_EDIT_JOB', sk: `JOB#${jobId}` },
      UpdateExpression: 'SET updated_at = :at',
      ExpressionAttributeValues: { ':at': new Date(Date.now() - ms).toISOString() },
    }),
  );
}

describe('a stalled bulk edit', () => {
  let admin: string;
  let sub: string;
  const run = `stall-${randomBytes(4).toString('hex')}`;
  const follow = (id: string) => call<BulkEditJob>('GET', `/api/assets/bulk-edit/${id}`, { token: admin });

  beforeAll(async () => {
    pointProcessAtStack();
    admin = await tokenOf('admin');
    sub = String(claimsOf(admin).sub);
  });

  it('is answered as stalled past the bound, its rows not applied, and a late worker applies nothing', async () => {
    const created = await call<Asset>('POST', '/api/assets', { token: admin, body: { name: `${run} asset` } });
    expect(created.status).toBe(201);
    const asset = created.body;
    const job = await writtenJob(sub, [asset.id], { scheduled: '2099-01-01' });

    // Within the bound a worker may still come: the job runs.
    await lastProgressAgo(job.id, BULK_EDIT_STALLED_MS - 60_000);
    expect((await follow(job.id)).body).toMatchObject({ status: 'running', done: 0, refused: 0, rows: [] });

    await lastProgressAgo(job.id, BULK_EDIT_STALLED_MS + 60_000);
    const stalled = await follow(job.id);
    expect(stalled.status).toBe(200);
    expect(stalled.body).toMatchObject({ status: 'stalled', total: 1, done: 0, refused: 1 });
    expect(stalled.body.rows).toEqual([
      { id: asset.id, outcome: 'refused', reason: BULK_EDIT_MESSAGES.stalledNotApplied },
    ]);

    // The invocation arrives after all (Lambda holds asynchronous events for hours): it must not start now.
    const invoke = await fetch(
      `http://127.0.0.1:${readStack().ports.LAMBDA_PORT}/2015-03-31/functions/bulk-edit-worker/invocations`,
      {
        method: 'POST',
        body: JSON.stringify({ jobId: job.id, tenantId: '1', claims: flattenClaims(claimsOf(admin)) }),
      },
    );
    expect(invoke.status).toBe(200);
    expect(invoke.headers.get('x-amz-function-error')).toBeNull();
    const after = await call<Asset>('GET', `/api/assets/${asset.id}`, { token: admin });
    expect(after.body).toMatchObject({ version: asset.version, scheduled: null });
    expect((await follow(job.id)).body.status).toBe('stalled');
  });

  it('reports the chunk its worker was applying as unknown and the rows after it as not applied', async () => {
    // Ids that name no asset: nothing is applied here, only the job's record is read.
    const ids = Array.from({ length: 2 * ROWS_PER_CHUNK + 50 }, (_, i) => 900_000_000 + i);
    const job = await writtenJob(sub, ids, { scheduled: '2099-01-01' });
    expect(await claimJob(demo, job.id)).toBe(true);
    await recordChunk(
      demo,
      job.id,
      0,
      ids.slice(0, ROWS_PER_CHUNK).map((id) => ({ id, outcome: 'done' as const })),
    );
    await lastProgressAgo(job.id, BULK_EDIT_STALLED_MS + 60_000);
    const answer = (await follow(job.id)).body;
    expect(answer).toMatchObject({ status: 'stalled', total: ids.length, done: ROWS_PER_CHUNK, refused: 50 });
    expect(answer.rows.map((row) => row.id)).toEqual(ids);
    const outcomes = answer.rows.map((row) => `${row.outcome}:${row.reason ?? ''}`);
    expect(outcomes.slice(0, ROWS_PER_CHUNK)).toEqual(Array(ROWS_PER_CHUNK).fill('done:'));
    expect(new Set(outcomes.slice(ROWS_PER_CHUNK, 2 * ROWS_PER_CHUNK))).toEqual(
      new Set([`unknown:${BULK_EDIT_MESSAGES.stalledUnknown}`]),
    );
    expect(new Set(outcomes.slice(2 * ROWS_PER_CHUNK))).toEqual(
      new Set([`refused:${BULK_EDIT_MESSAGES.stalledNotApplied}`]),
    );
  });
});
