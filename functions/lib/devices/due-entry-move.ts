import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ACCESS_PATTERNS } from '../../../shared/access-patterns';
import { dynamo, tableName } from '../data/client';
import { queryAllPages } from '../data/query-page';
import type { TenantContext } from '../data/tenant-context';
import { DUE_INDEX, duePartition } from './connectivity';

/**
 * Devices keyed for the silent-tag job before it had its own keys-only index sat in the asset map's index
 * (gsi7), whose copy of the connectivity fields made every uplink rewrite the entry. This moves each such
 * entry to the due index (gsi14) with the same keys, conditioned on the entry being unchanged and the device
 * having no gsi14 entry of its own yet (an uplink since keyed it there: the old entry just goes). The migration
 * step due-entries (scripts/migrations/steps.ts); idempotent, a second run finds the old partition empty.
 */
const OLD_INDEX = ACCESS_PATTERNS.devicesByLegacyDueTime;

export async function moveOldDueEntries(ctx: TenantContext): Promise<{ moved: number; dropped: number }> {
  const done = { moved: 0, dropped: 0 };
  const pages = queryAllPages({
    TableName: tableName(),
    IndexName: OLD_INDEX,
    KeyConditionExpression: `${OLD_INDEX}pk = :pk`,
    ExpressionAttributeValues: { ':pk': duePartition(ctx) },
  });
  for await (const page of pages) {
    for (const entry of page.Items ?? []) done[await moveOne(entry)]++;
  }
  return done;
}

async function moveOne(entry: Record<string, unknown>): Promise<'moved' | 'dropped'> {
  const key = { pk: entry.pk, sk: entry.sk };
  const same = { ':oldPk': entry[`${OLD_INDEX}pk`], ':oldSk': entry[`${OLD_INDEX}sk`] };
  const unchanged = `${OLD_INDEX}pk = :oldPk AND ${OLD_INDEX}sk = :oldSk`;
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: `SET ${DUE_INDEX}pk = :oldPk, ${DUE_INDEX}sk = :oldSk REMOVE ${OLD_INDEX}pk, ${OLD_INDEX}sk`,
        ConditionExpression: `${unchanged} AND attribute_not_exists(${DUE_INDEX}pk)`,
        ExpressionAttributeValues: same,
      }),
    );
    return 'moved';
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
  // Keyed in the due index meanwhile (or moved by another run): only the old entry goes, if still there.
  await dynamo()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: `REMOVE ${OLD_INDEX}pk, ${OLD_INDEX}sk`,
        ConditionExpression: unchanged,
        ExpressionAttributeValues: same,
      }),
    )
    .catch((error: Error) => {
      if (error.name !== 'ConditionalCheckFailedException') throw error;
    });
  return 'dropped';
}
