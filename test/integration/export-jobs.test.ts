import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_NAME } from '../../scripts/local/config';
import { flattenClaims } from '../../scripts/local/gateway';
import { EXPORT_JOB_FAILED, type ExportJob, NOTHING_TO_EXPORT } from '../../shared/schemas/export';
import { call, tokenOf } from '../harness/api';
import { readCsv, readXlsx } from '../harness/export-files';
import { localTable, readStack } from '../harness/stack';
import { waitUntil } from '../harness/wait';

/**
 * Background exports: POST /api/assets/export answers 202 with a job, the worker (invoked through the local
 * Lambda-compatible service) writes the file, GET /api/exports/{id} follows it. Same validation, role view and
 * isolation as the synchronous export; a job is its starter's only.
 */
type Collection = { 'hydra:member': { id: number; reference: string | null }[]; 'hydra:totalItems': number };
type ErrorBody = { detail: string; violations?: { propertyPath: string; message: string }[] };

const start = (token: string, query: string, headers?: Record<string, string>) =>
  call<ExportJob & ErrorBody>('POST', `/api/assets/export?${query}`, { token, headers });

async function finished(token: string, id: string, headers?: Record<string, string>): Promise<ExportJob> {
  const answer = await waitUntil(
    `export job ${id} to finish`,
    () => call<ExportJob>('GET', `/api/exports/${id}`, { token, headers }),
    (job) => job.status !== 200 || job.body.status !== 'running',
    { timeoutMs: 60_000 },
  );
  expect(answer.status).toBe(200);
  return answer.body;
}

async function download(job: ExportJob): Promise<Buffer> {
  expect(job.status).toBe('done');
  const response = await fetch(job.result?.url ?? '');
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

const stack = readStack();
const db = localTable().client;
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

/** A running job of tenant 1 written as the API writes it, `minutesAgo` since its last progress. */
async function runningJob(ownerSub: string, minutesAgo: number): Promise<string> {
  const id = randomUUID();
  const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
  await db.send(
    new PutCommand({
      TableName: TABLE_NAME,
      Item: {
        pk: 'T#1#EXPORT_JOB',
        sk: `EXPORT_JOB#${id}`,
        id,
        owner_sub: ownerSub,
        list: 'assets',
        type: 'csv',
        status: 'running',
        rows: 0,
        created_at: at,
        updated_at: at,
      },
    }),
  );
  return id;
}

/** The export worker invoked as the API invokes it (the local Lambda service), for a job of tenant 1. */
async function invokeWorker(jobId: string, list: string, claims: Record<string, unknown>, rawQuery: string) {
  const invoke = await fetch(
    `http://127.0.0.1:${stack.ports.LAMBDA_PORT}/2015-03-31/functions/export-worker/invocations`,
    {
      method: 'POST',
      body: JSON.stringify({ jobId, list, claims: flattenClaims(claims), tenantId: '1', rawQuery }),
    },
  );
  expect(invoke.status).toBe(200);
}

describe('background asset exports', () => {
  let admin: string;

  beforeAll(async () => {
    admin = await tokenOf('admin');
  });

  it('writes the whole list as CSV in list order and reports the rows', async () => {
    const list = await call<Collection>('GET', '/api/assets?pagination=false&order[reference]=desc', { token: admin });
    const started = await start(admin, 'type=csv&columns=id,reference&order[reference]=desc&language=en');
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ list: 'assets', type: 'csv', status: 'running' });
    // Unfiltered: the rows to come are known at once (the asset counter), for the console's progress.
    expect(started.body.total).toBe(list.body['hydra:totalItems']);
    expect(started.body).not.toHaveProperty('owner_sub');
    const job = await finished(admin, started.body.id);
    expect(job.rows).toBe(list.body['hydra:totalItems']);
    expect(job.result).toMatchObject({ mimeType: 'text/csv; charset=utf-8' });
    expect(job.result?.fileName).toMatch(/^Assets\.\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = readCsv(await download(job));
    expect(rows[0]).toEqual(['ID', 'Reference']);
    expect(rows.slice(1).map((row) => Number(row[0]))).toEqual(list.body['hydra:member'].map((asset) => asset.id));
  });

  it('an Excel job for a client user holds only their customer’s assets', async () => {
    const client = await tokenOf('client');
    const visible = await call<Collection>('GET', '/api/assets?pagination=false', { token: client });
    const started = await start(client, 'type=excel&columns=id,asset');
    expect(started.status).toBe(202);
    // Filtered (to their customer): how many rows is not known before they are read.
    expect(started.body.total).toBeUndefined();
    const sheet = await readXlsx(await download(await finished(client, started.body.id)));
    const ids = sheet.slice(1).map((row) => Number(row[0]));
    expect(ids.sort((a, b) => a - b)).toEqual(visible.body['hydra:member'].map((a) => a.id).sort((a, b) => a - b));
  });

  it('refuses what the synchronous export refuses, before any job exists', async () => {
    const badType = await start(admin, 'type=doc');
    expect(badType.status).toBe(422);
    expect(badType.body.violations?.[0]).toMatchObject({ propertyPath: 'type' });
    const empty = await start(admin, 'type=csv&search=no-such-asset-anywhere-42');
    expect(empty.status).toBe(422);
    expect(empty.body.detail).toContain('There is nothing to export');
    const hidden = await start(await tokenOf('client'), 'type=csv&columns=id,days-outside-geo-zone');
    expect(hidden.status).toBe(422);
    expect(hidden.body.violations?.[0]?.message).toContain('This column is not available to you');
  });

  it('needs ASSET_READ and a token', async () => {
    expect((await call('POST', '/api/assets/export?type=csv')).status).toBe(401);
    expect((await call('GET', '/api/exports/00000000-0000-4000-8000-000000000000')).status).toBe(401);
  });

  it('a job is its starter’s only: other users, other tenants and unknown ids get 404', async () => {
    const started = await start(admin, 'type=csv&columns=id');
    expect(started.status).toBe(202);
    const path = `/api/exports/${started.body.id}`;
    expect((await call('GET', path, { token: await tokenOf('user') })).status).toBe(404);
    expect((await call('GET', path, { token: await tokenOf('acme-admin') })).status).toBe(404);
    expect((await call('GET', '/api/exports/not-a-uuid', { token: admin })).status).toBe(404);
    await finished(admin, started.body.id);
  });

  it('a super admin’s job runs in the selected tenant', async () => {
    const superadmin = await tokenOf('superadmin');
    const headers = { 'x-tenant-id': '2' };
    const acme = await call<Collection>('GET', '/api/assets?pagination=false', { token: superadmin, headers });
    const started = await start(superadmin, 'type=csv&columns=id', headers);
    expect(started.status).toBe(202);
    const job = await finished(superadmin, started.body.id, headers);
    expect(job.result?.url).toContain('/exports/tenants/2/');
    expect(job.rows).toBe(acme.body['hydra:totalItems']);
    expect((await call('GET', `/api/exports/${started.body.id}`, { token: superadmin })).status).toBe(404);
  });

  it('a worker that cannot write the file records why; a job whose worker died reads as failed', async () => {
    const admin = await tokenOf('admin');
    const claims = claimsOf(admin);
    // The list emptied between the request and the worker: the worker records the GET's 422 on the job.
    const emptied = await runningJob(String(claims.sub), 0);
    await invokeWorker(emptied, 'assets', claims, 'type=csv&search=no-such-asset-anywhere-42');
    const failed = await finished(admin, emptied);
    expect(failed).toMatchObject({ status: 'failed', error: { status: 422, message: NOTHING_TO_EXPORT } });
    expect(failed.result).toBeUndefined();
    // No progress for minutes: its worker is gone, so the job says so instead of running forever.
    const stalled = await runningJob(String(claims.sub), 3);
    const answer = await call<ExportJob>('GET', `/api/exports/${stalled}`, { token: admin });
    expect(answer.body).toMatchObject({ status: 'failed', error: { status: 500, message: EXPORT_JOB_FAILED } });
    const recent = await runningJob(String(claims.sub), 0);
    expect((await call<ExportJob>('GET', `/api/exports/${recent}`, { token: admin })).body.status).toBe('running');
  });

  it("the worker checks the export route's rule again from the claims it is handed", async () => {
    // A client user sees no devices: a devices job made for one (by hand, past the API) fails with the 403.
    const client = await tokenOf('client');
    const claims = claimsOf(client);
    const job = await runningJob(String(claims.sub), 0);
    await invokeWorker(job, 'devices', claims, 'type=csv');
    expect(await finished(client, job)).toMatchObject({ status: 'failed', error: { status: 403 } });
  });
});
