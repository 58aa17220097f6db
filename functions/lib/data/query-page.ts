import { QueryCommand, type QueryCommandInput, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './client';

/** A Query without paging or projection of its own: queryPage decides both. */
export type PageQuery = Omit<QueryCommandInput, 'Limit' | 'ExclusiveStartKey' | 'Select' | 'ProjectionExpression'>;

/**
 * One 1-based page of a Query. DynamoDB has no offset, so page N still reads the N-1 pages before it, but it
 * skips them with `Select: COUNT` (DynamoDB reads them and answers only a count and the key to go on from),
 * then reads the page's items from that key: the items read are the same, the bytes sent are a page's.
 * A filter expression is honoured: the skip counts matches, never scanned items.
 */
export async function queryPage(
  input: PageQuery,
  page: number,
  itemsPerPage: number,
): Promise<{ items: Record<string, unknown>[]; itemsRead: number }> {
  const skipped = await skipMatches(input, (page - 1) * itemsPerPage);
  if (skipped.exhausted) return { items: [], itemsRead: skipped.itemsRead };
  const collected: Record<string, unknown>[] = [];
  let itemsRead = skipped.itemsRead;
  let startKey = skipped.startKey;
  do {
    const result = await dynamo().send(
      new QueryCommand({ ...input, Limit: itemsPerPage - collected.length, ExclusiveStartKey: startKey }),
    );
    itemsRead += result.ScannedCount ?? 0;
    collected.push(...(result.Items ?? []));
    startKey = result.LastEvaluatedKey;
  } while (startKey && collected.length < itemsPerPage);
  return { items: collected, itemsRead };
}

/**
 * Moves past `count` matching items without transferring them. `Limit` caps the items evaluated, so it is
 * never more than the matches still to skip: the key answered is exactly after the last skipped match.
 */
export async function skipMatches(
  input: PageQuery,
  count: number,
): Promise<{ startKey?: Record<string, unknown>; itemsRead: number; exhausted: boolean }> {
  let remaining = count;
  let itemsRead = 0;
  let startKey: Record<string, unknown> | undefined;
  while (remaining > 0) {
    const result = await dynamo().send(
      new QueryCommand({ ...input, Select: 'COUNT', Limit: remaining, ExclusiveStartKey: startKey }),
    );
    itemsRead += result.ScannedCount ?? 0;
    remaining -= result.Count ?? 0;
    startKey = result.LastEvaluatedKey;
    if (!startKey) return { itemsRead, exhausted: true };
  }
  return { startKey, itemsRead, exhausted: false };
}

/** How many items the Query matches, counted up to `cap` (a list's total: no page beyond the cap is reachable). */
export async function countMatches(input: PageQuery, cap: number): Promise<number> {
  let total = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const result = await dynamo().send(new QueryCommand({ ...input, Select: 'COUNT', ExclusiveStartKey: startKey }));
    total += result.Count ?? 0;
    startKey = result.LastEvaluatedKey;
  } while (startKey && total < cap);
  return Math.min(total, cap);
}

/**
 * Every page of a Query, one after the other (each answer whole, for its items, counts and consumed
 * capacity): the one loop over LastEvaluatedKey for callers that read a partition to its end.
 */
export async function* queryAllPages(
  input: Omit<QueryCommandInput, 'ExclusiveStartKey'>,
): AsyncGenerator<QueryCommandOutput> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(new QueryCommand({ ...input, ExclusiveStartKey: startKey }));
    yield page;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}
