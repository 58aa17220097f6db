import { createHash, randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditActor } from '../../../shared/schemas/audit-entry';
import {
  BULK_EDIT_MESSAGES,
  type BulkEditRow,
  type BulkEditTarget,
  type StoredBulkEditStatus,
} from '../../../shared/schemas/bulk-edit';
import { dynamo, tableName } from '../data/client';
import { typePartition } from '../data/keys';
import { queryAllPages } from '../data/query-page';
import type { TenantContext } from '../data/tenant-context';
import { unprocessable } from '../http/errors';
import { stalledBefore } from './bulk-edit-stall';

/**
 * Bulk edit jobs (docs/data-model.md "Bulk edit job"), in the tenant's BULK_EDIT_JOB partition:
 *  - `JOB#<uuid>`: the job (its ids, the changes as sent, counts, status), tied to its starter's `sub`;
 *  - `KEY#<target>#<sub>#<key>`: the idempotency key, written in the job's transaction, so a second request
 *    with the key finds the first job instead of making one;
 *  - `JOB#<uuid>#ROWS#<n>`: the rows' results, a chunk at a time, each written in one transaction with the
 *    job's counts, so the counts never disagree with the results.
 * Items expire by TTL after BULK_EDIT_RETENTION_DAYS (the audit log keeps what was applied).
 */
const TYPE = 'BULK_EDIT_JOB';
export const BULK_EDIT_RETENTION_DAYS = 7;
/** Rows whose results are written together with the job's counts: the progress a console sees moves by this. */
export const ROWS_PER_CHUNK = 100;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface StoredBulkEditJob {
  id: string;
  target: BulkEditTarget;
  owner_sub: string;
  status: StoredBulkEditStatus;
  ids: number[];
  /** The changes as the request sent them: each row validates them again as a single edit would. */
  changes: Record<string, unknown>;
  total: number;
  done: number;
  refused: number;
  /** Who started it and from where: every row's audit entry names them (functions/lib/bulk-edit/row-audit.ts). */
  audit: { actor: AuditActor; ip: string; userAgent: string; path: string };
  claimed_at?: string;
  created_at: string;
  updated_at: string;
}

const partition = (ctx: TenantContext) => typePartition(ctx, TYPE);
const jobKey = (ctx: TenantContext, id: string) => ({ pk: partition(ctx), sk: `JOB#${id}` });
const rowsKey = (ctx: TenantContext, id: string, chunk: number) => ({
  pk: partition(ctx),
  sk: `JOB#${id}#ROWS#${String(chunk).padStart(4, '0')}`,
});
const idempotencyKey = (ctx: TenantContext, target: BulkEditTarget, sub: string, key: string) => ({
  pk: partition(ctx),
  sk: `KEY#${target}#${sub}#${key}`,
});
const expiresAt = () => Math.floor(Date.now() / 1000) + BULK_EDIT_RETENTION_DAYS * 24 * 3600;
const itemOf = (ctx: TenantContext, key: { pk: string; sk: string }, fields: object) => ({
  ...fields,
  ...key,
  entityType: TYPE,
  tenantId: ctx.tenantId,
  expiresAt: expiresAt(),
});

/** What a request asked for, so that a key used again for another edit is refused rather than answered. */
export const requestHashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

export interface NewJob {
  target: BulkEditTarget;
  ownerSub: string;
  key: string;
  requestHash: string;
  ids: number[];
  changes: Record<string, unknown>;
  audit: StoredBulkEditJob['audit'];
}

/** Creates the job with its key, or answers the job the key already names (`existing: true`). */
export async function createOrFindJob(
  ctx: TenantContext,
  input: NewJob,
): Promise<{ job: StoredBulkEditJob; existing: boolean }> {
  const found = await findByKey(ctx, input);
  if (found) return { job: found, existing: true };
  const now = new Date().toISOString();
  const job: StoredBulkEditJob = {
    id: randomUUID(),
    target: input.target,
    owner_sub: input.ownerSub,
    status: 'running',
    ids: input.ids,
    changes: input.changes,
    total: input.ids.length,
    done: 0,
    refused: 0,
    audit: input.audit,
    created_at: now,
    updated_at: now,
  };
  const keyItem = itemOf(ctx, idempotencyKey(ctx, input.target, input.ownerSub, input.key), {
    jobId: job.id,
    requestHash: input.requestHash,
  });
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName(), Item: keyItem, ConditionExpression: 'attribute_not_exists(pk)' } },
          {
            Put: {
              TableName: tableName(),
              Item: itemOf(ctx, jobKey(ctx, job.id), job),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      }),
    );
    return { job, existing: false };
  } catch (error) {
    // Two requests with one key at once: the one that lost answers the winner's job.
    if (!(error instanceof TransactionCanceledException)) throw error;
    const winner = await findByKey(ctx, input);
    if (!winner) throw error;
    return { job: winner, existing: true };
  }
}

async function findByKey(ctx: TenantContext, input: NewJob): Promise<StoredBulkEditJob | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: idempotencyKey(ctx, input.target, input.ownerSub, input.key),
      ConsistentRead: true,
    }),
  );
  if (!Item) return undefined;
  if (Item.requestHash !== input.requestHash) {
    throw unprocessable([{ propertyPath: 'idempotency_key', message: BULK_EDIT_MESSAGES.keyReused }]);
  }
  return getJob(ctx, String(Item.jobId));
}

export async function getJob(ctx: TenantContext, id: string): Promise<StoredBulkEditJob | undefined> {
  if (!UUID.test(id)) return undefined;
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: jobKey(ctx, id), ConsistentRead: true }),
  );
  if (!Item) return undefined;
  const { pk: _pk, sk: _sk, entityType: _type, tenantId: _tenant, expiresAt: _expires, ...job } = Item;
  return job as StoredBulkEditJob;
}

/** Every row's result so far, in the order of the chunks. */
export async function readRows(ctx: TenantContext, id: string): Promise<BulkEditRow[]> {
  const rows: BulkEditRow[] = [];
  const pages = queryAllPages({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': partition(ctx), ':prefix': `JOB#${id}#ROWS#` },
    ConsistentRead: true,
  });
  for await (const page of pages) for (const item of page.Items ?? []) rows.push(...(item.rows as BulkEditRow[]));
  return rows;
}

/**
 * The one run of a job: a second invocation (Lambda retries an asynchronous one that failed) finds the claim
 * and does nothing, so no row is ever applied twice; rows the first run left are reported as interrupted. An
 * invocation that arrives after the job was already answered as stalled (Lambda may hold an asynchronous event for
 * hours) does nothing either, so a job once shown stalled never starts applying rows behind its starter's back.
 */
export async function claimJob(ctx: TenantContext, id: string): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: jobKey(ctx, id),
        UpdateExpression: 'SET claimed_at = :now, updated_at = :now',
        ConditionExpression:
          'attribute_exists(pk) AND attribute_not_exists(claimed_at) AND #status = :running AND updated_at > :stalled',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':now': new Date().toISOString(),
          ':running': 'running',
          ':stalled': stalledBefore(),
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** A chunk's results and the job's counts in one transaction. */
export async function recordChunk(ctx: TenantContext, id: string, chunk: number, rows: BulkEditRow[]): Promise<void> {
  const done = rows.filter((row) => row.outcome === 'done').length;
  await dynamo().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: tableName(),
            Item: itemOf(ctx, rowsKey(ctx, id, chunk), { rows }),
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Update: {
            TableName: tableName(),
            Key: jobKey(ctx, id),
            UpdateExpression: 'SET updated_at = :now ADD done :done, refused :refused',
            ConditionExpression: '#status = :running',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':now': new Date().toISOString(),
              ':done': done,
              ':refused': rows.length - done,
              ':running': 'running',
            },
          },
        },
      ],
    }),
  );
}

export async function finishJob(ctx: TenantContext, id: string, status: 'done' | 'failed'): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: jobKey(ctx, id),
      UpdateExpression: 'SET #status = :status, updated_at = :now',
      ConditionExpression: '#status = :running',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':status': status, ':now': new Date().toISOString(), ':running': 'running' },
    }),
  );
}
