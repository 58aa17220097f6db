import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AssetImportProgress, AssetImportResult } from '../../../shared/schemas/asset-import';
import { dynamo, tableName } from '../data/client';
import { typePartition } from '../data/keys';
import type { TenantContext } from '../data/tenant-context';
import { expiresAfterDays } from '../settings/retention-settings';

/**
 * The journal of an asset import, as the device import keeps one (device-import-journal.ts): an item written
 * before the first row and updated as rows are applied, so an import that a timeout cut short is visible (how far
 * it came, the plan it applied) rather than silent. Rows are applied one conditional write each, so nothing is
 * rolled back: what was applied is valid on its own, and running the dry run again shows what is left.
 *
 * Item: `T#<t>#ASSET_IMPORT` / `IMPORT#<startedAt>#<plan>` with `plan`, `total`, `done`, `status`, `counts`;
 * it expires after JOURNAL_DAYS.
 */
const JOURNAL_TYPE = 'ASSET_IMPORT';
const JOURNAL_DAYS = 30;

export interface AssetImportJournal {
  key: { pk: string; sk: string };
}

export async function beginAssetImport(
  ctx: TenantContext,
  plan: string,
  total: number,
  by: number | null,
): Promise<AssetImportJournal> {
  const startedAt = new Date().toISOString();
  const key = { pk: typePartition(ctx, JOURNAL_TYPE), sk: `IMPORT#${startedAt}#${plan}` };
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...key,
        entityType: JOURNAL_TYPE,
        tenantId: ctx.tenantId,
        plan,
        total,
        done: 0,
        status: 'running',
        by,
        startedAt,
        expiresAt: expiresAfterDays(startedAt, JOURNAL_DAYS),
      },
    }),
  );
  return { key };
}

/** Progress: rows applied so far (written every few rows, not every row: it is one more write each time). */
export async function noteAssetImportProgress(journal: AssetImportJournal, done: number) {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: journal.key,
      UpdateExpression: 'SET done = :done',
      ExpressionAttributeValues: { ':done': done },
    }),
  );
}

export async function endAssetImport(journal: AssetImportJournal, counts: AssetImportResult['counts']) {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: journal.key,
      UpdateExpression: 'SET #status = :done, counts = :counts, endedAt = :at, done = :total',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':done': 'done',
        ':counts': counts,
        ':at': new Date().toISOString(),
        ':total': counts.create + counts.update + counts.failed,
      },
    }),
  );
}

/**
 * The newest import of a plan (what the console follows while its import request runs). Journals of a tenant
 * are few (one per import, expiring after JOURNAL_DAYS): the newest first, a page is enough.
 */
export async function readAssetImportProgress(
  ctx: TenantContext,
  plan: string,
): Promise<AssetImportProgress | undefined> {
  const result = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': typePartition(ctx, JOURNAL_TYPE) },
      ScanIndexForward: false,
      ConsistentRead: true,
    }),
  );
  const item = (result.Items ?? []).find((journal) => journal.plan === plan);
  if (!item) return undefined;
  return {
    plan,
    status: item.status === 'done' ? 'done' : 'running',
    total: Number(item.total),
    done: Number(item.done),
    startedAt: String(item.startedAt),
  };
}
