import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { EXPORT_RETENTION_DAYS, type ExportJob, type ExportJobType } from '../../../shared/schemas/export';
import { dynamo, tableName } from '../data/client';
import { typePartition } from '../data/keys';
import type { TenantContext } from '../data/tenant-context';
import type { ExportFile } from './export-storage';

/**
 * Background export jobs, one item each in the tenant's EXPORT_JOB partition, keyed by an unguessable uuid
 * and tied to the caller's `sub` (a job is only ever shown to whoever started it). Items expire by TTL with
 * the files they point at.
 */
export interface StoredExportJob extends Omit<ExportJob, 'result'> {
  owner_sub: string;
  file?: Omit<ExportFile, 'inline'>;
}

const TYPE = 'EXPORT_JOB';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const jobKey = (ctx: TenantContext, id: string) => ({ pk: typePartition(ctx, TYPE), sk: `${TYPE}#${id}` });
const expiresAt = () => Math.floor(Date.now() / 1000) + EXPORT_RETENTION_DAYS * 24 * 3600;

export async function createExportJob(
  ctx: TenantContext,
  ownerSub: string,
  list: string,
  type: ExportJobType,
  total?: number,
): Promise<StoredExportJob> {
  const now = new Date().toISOString();
  const job: StoredExportJob = {
    id: randomUUID(),
    owner_sub: ownerSub,
    list,
    type,
    status: 'running',
    rows: 0,
    ...(total === undefined ? {} : { total }),
    created_at: now,
    updated_at: now,
  };
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...job, ...jobKey(ctx, job.id), entityType: TYPE, tenantId: ctx.tenantId, expiresAt: expiresAt() },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return job;
}

export async function getExportJob(ctx: TenantContext, id: string): Promise<StoredExportJob | undefined> {
  if (!UUID.test(id)) return undefined;
  const result = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: jobKey(ctx, id), ConsistentRead: true }),
  );
  if (!result.Item) return undefined;
  const { pk: _pk, sk: _sk, entityType: _type, tenantId: _tenant, expiresAt: _expires, ...job } = result.Item;
  return job as StoredExportJob;
}

/**
 * Sets fields of a running job. A job that already ended is left alone (answers false): a late progress
 * write never turns a failed job back into a running one.
 */
export async function updateRunningJob(
  ctx: TenantContext,
  id: string,
  change: Partial<Pick<StoredExportJob, 'status' | 'rows' | 'file' | 'error'>>,
): Promise<boolean> {
  const fields = { ...change, updated_at: new Date().toISOString() };
  const names = Object.keys(fields);
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: jobKey(ctx, id),
        UpdateExpression: `SET ${names.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
        ConditionExpression: '#status = :running',
        ExpressionAttributeNames: {
          '#status': 'status',
          ...Object.fromEntries(names.map((name, i) => [`#f${i}`, name])),
        },
        ExpressionAttributeValues: {
          ':running': 'running',
          ...Object.fromEntries(names.map((name, i) => [`:v${i}`, fields[name as keyof typeof fields]])),
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
