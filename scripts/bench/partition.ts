import { tableName } from '../../functions/lib/data/client';
import { queryAllPages } from '../../functions/lib/data/query-page';
import { fromItem } from '../../functions/lib/data/repository';

/**
 * Items counted in a whole partition of the table (or of a global secondary index, `gsi1`), and the items read
 * to count them (queryAllPages, the one pager).
 */
export async function partitionCounts(pk: string, index?: string): Promise<{ count: number; scanned: number }> {
  let count = 0;
  let scanned = 0;
  const pages = queryAllPages({
    TableName: tableName(),
    ...(index ? { IndexName: index } : {}),
    KeyConditionExpression: `${index ?? ''}pk = :pk`,
    ExpressionAttributeValues: { ':pk': pk },
    Select: 'COUNT',
  });
  for await (const page of pages) {
    count += page.Count ?? 0;
    scanned += page.ScannedCount ?? 0;
  }
  return { count, scanned };
}

/** Every item of a partition, as records. */
export async function partitionItems<T>(pk: string): Promise<T[]> {
  const items: T[] = [];
  const pages = queryAllPages({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': pk },
  });
  for await (const page of pages) items.push(...(page.Items ?? []).map((item) => fromItem<T>(item)));
  return items;
}
