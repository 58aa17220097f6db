/**
 * Counts what DynamoDB says a piece of code consumed, so the write units per event are counted by
 * the bench from DynamoDB's own ConsumedCapacity, not estimated. An SDK middleware on a client (the processor's
 * `dynamo()` when it runs in the bench process) asks every request for `ReturnConsumedCapacity: 'INDEXES'` unless
 * the caller asked for something, and adds up the answers: write units of the table and of each global secondary
 * index, read units, and the requests by command. Locally the answers come from the DynamoDB front
 * (scripts/local/dynamo-capacity.ts), which counts them as DynamoDB does; against AWS the same code reads AWS's.
 */
export interface CapacityTally {
  requests: Record<string, number>;
  writeUnits: number;
  tableWriteUnits: number;
  indexWriteUnits: Record<string, number>;
  readUnits: number;
  /** Write requests and units by the kind of item written (its partition key with the ids taken out). */
  byItem: Record<string, { requests: number; writeUnits: number }>;
}

const WRITES = new Set([
  'PutItemCommand',
  'UpdateItemCommand',
  'DeleteItemCommand',
  'BatchWriteItemCommand',
  'TransactWriteItemsCommand',
]);
const ASKS = new Set([...WRITES, 'GetItemCommand', 'BatchGetItemCommand', 'QueryCommand', 'TransactGetItemsCommand']);

interface Capacity {
  CapacityUnits?: number;
  Table?: { CapacityUnits?: number };
  GlobalSecondaryIndexes?: Record<string, { CapacityUnits?: number }>;
}

export const emptyTally = (): CapacityTally => ({
  requests: {},
  writeUnits: 0,
  tableWriteUnits: 0,
  indexWriteUnits: {},
  readUnits: 0,
  byItem: {},
});

/** `T#1#DEVICE#12#EVENTS` -> `DEVICE#<id>#EVENTS`: what kind of item a single write touched. */
function itemKind(command: string, input: Record<string, unknown>): string {
  const key = (input.Key ?? input.Item) as Record<string, unknown> | undefined;
  const pk = key?.pk as string | { S?: string } | undefined;
  const text = typeof pk === 'string' ? pk : pk?.S;
  if (!text) return command.replace('Command', '');
  // The live change log has a partition per channel (staff, each customer): one kind.
  const kind = text.replace(/^T#\d+#/, '');
  if (kind.startsWith('LIVE#')) return 'LIVE#<channel>';
  return kind.replace(/#\d+(?=#|$)/g, '#<id>');
}

function add(tally: CapacityTally, command: string, kind: string, consumed: Capacity | Capacity[] | undefined) {
  if (WRITES.has(command)) {
    const units = [consumed ?? []].flat().reduce((n, c) => n + (c.CapacityUnits ?? 0), 0);
    const entry = tally.byItem[kind] ?? { requests: 0, writeUnits: 0 };
    tally.byItem[kind] = { requests: entry.requests + 1, writeUnits: entry.writeUnits + units };
  }
  for (const capacity of [consumed ?? []].flat()) {
    if (!WRITES.has(command)) {
      tally.readUnits += capacity.CapacityUnits ?? 0;
      continue;
    }
    tally.writeUnits += capacity.CapacityUnits ?? 0;
    tally.tableWriteUnits += capacity.Table?.CapacityUnits ?? 0;
    for (const [index, units] of Object.entries(capacity.GlobalSecondaryIndexes ?? {}))
      tally.indexWriteUnits[index] = (tally.indexWriteUnits[index] ?? 0) + (units.CapacityUnits ?? 0);
  }
}

type Stack = {
  // biome-ignore lint/suspicious/noExplicitAny: the SDK's middleware types differ per client
  add(middleware: any, options: { step: 'initialize'; name: string }): void;
  remove(name: string): boolean;
};

/** Starts counting on `client`; `stop()` removes the middleware and answers the tally. */
export function tallyConsumedCapacity(client: { middlewareStack: Stack }, name = 'benchConsumedCapacity') {
  const tally = emptyTally();
  client.middlewareStack.add(
    // biome-ignore lint/suspicious/noExplicitAny: generic SDK middleware
    (next: any, context: { commandName?: string }) => async (args: { input: Record<string, unknown> }) => {
      const command = context.commandName ?? '?';
      tally.requests[command] = (tally.requests[command] ?? 0) + 1;
      if (ASKS.has(command)) args.input.ReturnConsumedCapacity ??= 'INDEXES';
      const kind = itemKind(command, args.input);
      const result = await next(args);
      add(tally, command, kind, result.output?.ConsumedCapacity);
      return result;
    },
    { step: 'initialize', name },
  );
  return {
    tally,
    stop: () => {
      client.middlewareStack.remove(name);
      return tally;
    },
  };
}

export const writeRequests = (tally: CapacityTally) =>
  Object.entries(tally.requests).reduce((n, [command, count]) => n + (WRITES.has(command) ? count : 0), 0);
