import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './client';
import { tenantPrefix } from './keys';
import type { TenantContext } from './tenant-context';

/** BatchGetItem takes at most 100 keys a call. */
const KEYS_PER_CALL = 100;
const MAX_ATTEMPTS = 8;
const CONCURRENCY = 4;

export interface TableKey {
  pk: string;
  sk: string;
}

/** The table key of an index entry (every index entry carries the table's keys, whatever its projection). */
export const tableKeyOf = (entry: Record<string, unknown>): TableKey => ({
  pk: String(entry.pk),
  sk: String(entry.sk),
});

/**
 * The full items of a page whose keys came from an index (KEYS_ONLY, or INCLUDE without what the answer
 * shows): one BatchGetItem per 100 keys, unprocessed keys retried with backoff, answered in the keys' order.
 * An item deleted between the index read and this read is left out. `attributes` projects the items (a
 * filter's candidates). Keys outside the tenant are refused: they can only come from a wrong partition.
 * docs/decisions/0272-list-indexes-project-only-what-lists-filter-and-customer-indexes.md.
 */
export async function hydratePage(
  ctx: TenantContext,
  keys: readonly TableKey[],
  options: { attributes?: readonly string[] } = {},
): Promise<Record<string, unknown>[]> {
  const prefix = tenantPrefix(ctx);
  for (const key of keys) if (!key.pk.startsWith(prefix)) throw new Error(`Key ${key.pk} is outside the tenant`);
  const names = options.attributes
    ? Object.fromEntries(['pk', 'sk', ...options.attributes].map((attribute, i) => [`#a${i}`, attribute]))
    : undefined;
  const projection = names
    ? { ProjectionExpression: Object.keys(names).join(', '), ExpressionAttributeNames: names }
    : {};
  const found = new Map<string, Record<string, unknown>>();
  const chunks: TableKey[][] = [];
  for (let i = 0; i < keys.length; i += KEYS_PER_CALL) chunks.push(keys.slice(i, i + KEYS_PER_CALL));
  const fetchChunk = async (chunk: TableKey[]) => {
    const table = tableName();
    let pending: Record<string, unknown>[] = chunk.map((key) => ({ pk: key.pk, sk: key.sk }));
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt >= MAX_ATTEMPTS) throw new Error(`${pending.length} keys stayed unprocessed`);
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** attempt));
      const result = await dynamo().send(
        new BatchGetCommand({ RequestItems: { [table]: { Keys: pending, ...projection } } }),
      );
      for (const item of result.Responses?.[table] ?? []) found.set(`${item.pk}\n${item.sk}`, item);
      pending = (result.UnprocessedKeys?.[table]?.Keys ?? []) as Record<string, unknown>[];
    }
  };
  // A few calls in flight: a page is one call, a customer read whole many.
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) await fetchChunk(chunks[next++] as TableKey[]);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, chunks.length) }, worker));
  return keys.flatMap((key) => {
    const item = found.get(`${key.pk}\n${key.sk}`);
    return item ? [item] : [];
  });
}
