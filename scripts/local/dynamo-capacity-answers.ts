import { consumedCapacity, type Item, type ItemChange, type TableShape, unitsOf } from './dynamo-capacity';

/**
 * The local front's side of `ReturnConsumedCapacity` (dynamo-transactions.ts): which items a write touches, and
 * the answer rewritten with the units dynamo-capacity.ts counts from their images before and after.
 */
export type CapacityMode = 'TOTAL' | 'INDEXES';

// biome-ignore lint/suspicious/noExplicitAny: raw DynamoDB JSON of the request
export const capacityMode = (body: any): CapacityMode | undefined =>
  body?.ReturnConsumedCapacity === 'TOTAL' || body?.ReturnConsumedCapacity === 'INDEXES'
    ? body.ReturnConsumedCapacity
    : undefined;

export interface WriteTarget {
  table: string;
  /** The item or key the request names (the front takes the table's key attributes from it). */
  keySource: Item;
  /** What a put leaves in place of the item; absent for updates (read back) and deletes. */
  put?: Item;
  deletes?: boolean;
}

/** The items a PutItem, UpdateItem, DeleteItem or BatchWriteItem touches, in request order. */
// biome-ignore lint/suspicious/noExplicitAny: raw DynamoDB JSON of the request
export function writeTargets(target: string, body: any): WriteTarget[] {
  if (target === 'PutItem') return [{ table: body.TableName, keySource: body.Item, put: body.Item }];
  if (target === 'UpdateItem') return [{ table: body.TableName, keySource: body.Key }];
  if (target === 'DeleteItem') return [{ table: body.TableName, keySource: body.Key, deletes: true }];
  if (target !== 'BatchWriteItem') return [];
  return Object.entries(body.RequestItems ?? {}).flatMap(([table, requests]) =>
    (requests as { PutRequest?: { Item: Item }; DeleteRequest?: { Key: Item } }[]).map((request) =>
      request.PutRequest
        ? { table, keySource: request.PutRequest.Item, put: request.PutRequest.Item }
        : { table, keySource: request.DeleteRequest?.Key as Item, deletes: true },
    ),
  );
}

/** One ConsumedCapacity per table, in the order the tables first appear. */
export function capacityByTable(
  changes: readonly { table: string; change: ItemChange }[],
  shapes: ReadonlyMap<string, TableShape>,
  mode: CapacityMode,
) {
  const tables = [...new Set(changes.map((c) => c.table))];
  return tables.map((table) => {
    const shape = shapes.get(table) ?? { keys: [], indexes: [] };
    const units = unitsOf(
      changes.filter((c) => c.table === table).map((c) => c.change),
      shape,
    );
    return consumedCapacity(table, units, mode);
  });
}

export interface RelayedAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * The backend's answer with our ConsumedCapacity in place of dynalite's (an object for a single write, a list for
 * a batch). The body changes, so its length and CRC32 headers go; Node sets the length again.
 */
export function withCapacity(answer: RelayedAnswer, capacity: object | object[]): RelayedAnswer {
  return rewritten(answer, (body) => ({ ...body, ConsumedCapacity: capacity }));
}

/** The answer with its JSON body changed; its length and checksum headers go with the old body. */
export function rewritten(answer: RelayedAnswer, change: (body: Record<string, unknown>) => object): RelayedAnswer {
  const body = change(JSON.parse(answer.body.toString('utf8') || '{}'));
  const headers = Object.fromEntries(
    Object.entries(answer.headers).filter(([name]) => !['content-length', 'x-amz-crc32'].includes(name.toLowerCase())),
  );
  return { status: answer.status, headers, body: Buffer.from(JSON.stringify(body)) };
}
