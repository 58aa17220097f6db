import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './client';
import { itemKey } from './keys';
import type { TenantContext } from './tenant-context';

/** BatchGetItem takes at most 100 keys a call. */
const KEYS_PER_CALL = 100;
const MAX_ATTEMPTS = 8;

/**
 * Items of one type of the tenant by id, 100 keys a call with a few calls in flight, unprocessed keys retried
 * with backoff (DynamoDB returns them under load). `attributes` projects the items. Returns the items found,
 * in no particular order: an id deleted meanwhile is simply absent.
 */
export async function batchGetByIds(
  ctx: TenantContext,
  type: string,
  ids: readonly number[],
  options: {
    attributes?: readonly string[];
    concurrency?: number;
    /** Strongly consistent reads (twice the read units). */
    consistent?: boolean;
    /** Told the read units each call consumed (ReturnConsumedCapacity TOTAL). */
    onReadUnits?: (units: number) => void;
  } = {},
): Promise<Record<string, unknown>[]> {
  const names = options.attributes
    ? Object.fromEntries(options.attributes.map((attribute, i) => [`#a${i}`, attribute]))
    : undefined;
  const projection = names
    ? { ProjectionExpression: Object.keys(names).join(', '), ExpressionAttributeNames: names }
    : {};
  const chunks: number[][] = [];
  for (let i = 0; i < ids.length; i += KEYS_PER_CALL) chunks.push(ids.slice(i, i + KEYS_PER_CALL));
  const found: Record<string, unknown>[] = [];

  const fetchChunk = async (chunk: number[]) => {
    let keys: Record<string, unknown>[] = chunk.map((id) => itemKey(ctx, type, id));
    for (let attempt = 0; keys.length > 0; attempt++) {
      if (attempt >= MAX_ATTEMPTS) throw new Error(`${keys.length} ${type} keys stayed unprocessed`);
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** attempt));
      const table = tableName();
      const result = await dynamo().send(
        new BatchGetCommand({
          RequestItems: {
            [table]: { Keys: keys, ...projection, ...(options.consistent ? { ConsistentRead: true } : {}) },
          },
          ...(options.onReadUnits ? { ReturnConsumedCapacity: 'TOTAL' } : {}),
        }),
      );
      for (const capacity of result.ConsumedCapacity ?? []) options.onReadUnits?.(capacity.CapacityUnits ?? 0);
      found.push(...(result.Responses?.[table] ?? []));
      keys = (result.UnprocessedKeys?.[table]?.Keys ?? []) as Record<string, unknown>[];
    }
  };
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) await fetchChunk(chunks[next++] as number[]);
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 4, chunks.length) }, worker));
  return found;
}
