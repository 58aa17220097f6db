import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AttributeValue, BatchGetItemCommandOutput } from '@aws-sdk/client-dynamodb';
import { localHttpServer } from './config';
import type { DynaliteChannel } from './dynalite-channel';
import { type TableShape, tableShapeOf } from './dynamo-capacity';
import { capacityByTable, capacityMode, rewritten, withCapacity, writeTargets } from './dynamo-capacity-answers';
import { answerWith, relay, send } from './dynamo-front-http';
import {
  cancelled,
  type FrontAnswer,
  oversizedPut,
  PUT_TOO_LARGE,
  repeatedItem,
  tooLarge,
  tooManyActions,
  UPDATE_TOO_LARGE,
  validationError,
} from './dynamo-limits';
import { TransactionTokens } from './transaction-tokens';
import { WriteGate } from './write-gate';

/**
 * dynalite implements the DynamoDB API except transactions. This front adds TransactWriteItems and
 * TransactGetItems so the handlers run the same all-or-nothing writes locally as on AWS:
 *  - a transaction runs alone, single writes of different items side by side (write-gate.ts), so nothing
 *    interleaves with a transaction;
 *  - a transaction saves the items it touches, applies each operation with its condition evaluated by
 *    dynalite itself, and on the first failed condition restores the saved items and answers
 *    TransactionCanceledException with per-operation CancellationReasons, as DynamoDB does.
 * Readers may glimpse a transaction's intermediate state for a few milliseconds: a local-only weakness.
 * The saved items are also written to an undo file (`undoFile`) before the first operation and removed after
 * the last, so a process killed midway (kill -9) finds the file at its next start and puts the items back:
 * a transaction is all or nothing across a crash too, as on AWS.
 * A repeated ClientRequestToken is answered as DynamoDB answers it (transaction-tokens.ts).
 * It also holds AWS's item size (400 KB in UTF-8 bytes) and transaction length (100) limits,
 * which dynalite counts more kindly or not at all (dynamo-limits.ts).
 */
const WRITE_TARGETS = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'TransactWriteItems']);
/** Requests after which the cached key schemas and index definitions may be stale. */
const TABLE_CHANGES = new Set(['CreateTable', 'UpdateTable', 'DeleteTable']);

type Item = Record<string, AttributeValue>;
interface Operation {
  kind: 'ConditionCheck' | 'Put' | 'Delete' | 'Update';
  // biome-ignore lint/suspicious/noExplicitAny: raw DynamoDB JSON passed through to the same API
  input: any;
}

type Saved = { table: string; key: Item; before: Item | undefined }[];

/** Puts the saved images back in reverse order: an item that did not exist is deleted again. */
async function restoreItems(backend: DynaliteChannel, saved: Saved) {
  for (const { table, key, before } of [...saved].reverse()) {
    if (before) await backend.send('PutItem', { TableName: table, Item: before });
    else await backend.send('DeleteItem', { TableName: table, Key: key });
  }
}

export async function startTransactionFront(options: {
  port: number;
  host: string;
  /** dynalite, reached in this process (dynalite-channel.ts). */
  dynalite: DynaliteChannel;
  undoFile: string;
}) {
  const backend = options.dynalite;
  if (existsSync(options.undoFile)) {
    // The last run died inside a transaction: undo what it had applied.
    await restoreItems(backend, JSON.parse(readFileSync(options.undoFile, 'utf8')) as Saved);
    rmSync(options.undoFile);
  }
  // Each table's keys and indexes as DescribeTable answers them (built from shared/table.ts): the benches'
  // ConsumedCapacity counts every index the table has, whatever its name.
  const shapes = new Map<string, TableShape>();
  const gate = new WriteGate();
  const tokens = new TransactionTokens();

  async function shapeOf(table: string): Promise<TableShape> {
    let shape = shapes.get(table);
    if (!shape) {
      const described = await backend.send<{ Table?: object }>('DescribeTable', { TableName: table });
      shape = tableShapeOf(described.Table ?? {});
      shapes.set(table, shape);
    }
    return shape;
  }

  async function keyOf(table: string, item: Item): Promise<Item> {
    const { keys } = await shapeOf(table);
    return Object.fromEntries(keys.map((n) => [n, item[n] as AttributeValue]));
  }

  async function apply(op: Operation) {
    const { TableName, ConditionExpression, ExpressionAttributeNames, ExpressionAttributeValues } = op.input;
    const condition = { TableName, ConditionExpression, ExpressionAttributeNames, ExpressionAttributeValues };
    if (op.kind === 'Put') await backend.send('PutItem', { ...condition, Item: op.input.Item });
    if (op.kind === 'Delete') await backend.send('DeleteItem', { ...condition, Key: op.input.Key });
    if (op.kind === 'Update')
      await backend.send('UpdateItem', {
        ...condition,
        Key: op.input.Key,
        UpdateExpression: op.input.UpdateExpression,
      });
    if (op.kind === 'ConditionCheck') {
      // Let dynalite evaluate the condition with a write that changes nothing; the saved image is put back.
      await backend.send('UpdateItem', {
        ...condition,
        Key: op.input.Key,
        UpdateExpression: 'REMOVE #txNoSuchAttribute',
        ExpressionAttributeNames: { ...ExpressionAttributeNames, '#txNoSuchAttribute': '__tx_none__' },
      });
    }
  }

  /** The items at these keys now, in one consistent BatchGetItem per table (a transaction has at most 100). */
  async function currentItems(targets: { table: string; key: Item }[]): Promise<(Item | undefined)[]> {
    const found = new Map<string, Item>();
    const id = (table: string, key: Item) => `${table}\u0000${JSON.stringify(key)}`;
    for (const table of new Set(targets.map((t) => t.table))) {
      let keys: Item[] | undefined = targets.filter((t) => t.table === table).map((t) => t.key);
      while (keys && keys.length > 0) {
        const result: BatchGetItemCommandOutput = await backend.send<BatchGetItemCommandOutput>('BatchGetItem', {
          RequestItems: { [table]: { Keys: keys, ConsistentRead: true } },
        });
        for (const item of result.Responses?.[table] ?? []) found.set(id(table, await keyOf(table, item)), item);
        keys = result.UnprocessedKeys?.[table]?.Keys;
      }
    }
    return targets.map(({ table, key }) => found.get(id(table, key)));
  }

  async function transactWrite(body: {
    TransactItems: Record<string, object>[];
    ReturnConsumedCapacity?: string;
  }): Promise<FrontAnswer> {
    const repeat = tokens.repeatAnswer(body);
    if (repeat) return repeat;
    const answer = await applyTransaction(body);
    if (answer.status === 200) tokens.remember(body);
    return answer;
  }

  async function applyTransaction(body: {
    TransactItems: Record<string, object>[];
    ReturnConsumedCapacity?: string;
  }): Promise<FrontAnswer> {
    const refusal = tooManyActions(body.TransactItems.length);
    if (refusal) return refusal;
    const operations: Operation[] = body.TransactItems.map((entry) => {
      const [kind, input] = Object.entries(entry)[0] as [Operation['kind'], object];
      return { kind, input };
    });
    const oversized = operations.findIndex((op) => op.kind === 'Put' && tooLarge(op.input.Item));
    if (oversized >= 0)
      return cancelled(operations.length, oversized, { Code: 'ValidationError', Message: PUT_TOO_LARGE });
    const targets: { table: string; key: Item }[] = [];
    for (const op of operations) {
      const table = op.input.TableName as string;
      targets.push({ table, key: await keyOf(table, op.kind === 'Put' ? op.input.Item : op.input.Key) });
    }
    const twice = repeatedItem(targets.map((t) => `${t.table}\u0000${JSON.stringify(t.key)}`));
    if (twice) return twice;
    const befores = await currentItems(targets);
    const saved: Saved = targets.map((target, i) => ({ ...target, before: befores[i] }));
    writeFileSync(options.undoFile, JSON.stringify(saved));
    try {
      const answer = await applyAll(operations, saved);
      if (answer.status !== 200) return answer;
      const after = await currentItems(saved);
      const refused = await sizeChecked(operations, saved, after);
      const mode = capacityMode(body);
      if (refused || !mode) return refused ?? answer;
      const changes = operations.map((op, i) => {
        const before = saved[i]?.before;
        const check = op.kind === 'ConditionCheck';
        return {
          table: targets[i]?.table as string,
          change: { before, after: check ? before : after[i], check, transactional: true },
        };
      });
      return { status: 200, body: { ConsumedCapacity: capacityByTable(changes, shapes, mode) } };
    } finally {
      rmSync(options.undoFile, { force: true });
    }
  }

  /** An update that grew its item past 400 KB cancels the transaction, as on AWS: everything is put back. */
  async function sizeChecked(operations: Operation[], saved: Saved, after: (Item | undefined)[]) {
    const index = operations.findIndex((op, i) => op.kind === 'Update' && tooLarge(after[i]));
    if (index < 0) return undefined;
    await restoreItems(backend, saved);
    return cancelled(operations.length, index, { Code: 'ValidationError', Message: UPDATE_TOO_LARGE });
  }

  /**
   * The first operation (in the transaction's order) that failed, once every operation ran or one failed.
   * Operations on different items run side by side (dynalite locks each item); a transaction that names an item
   * twice runs in order, stopping at the first failure.
   */
  async function firstFailure(operations: Operation[], saved: Saved) {
    const items = new Set(saved.map(({ table, key }) => `${table}\u0000${JSON.stringify(key)}`));
    if (items.size === operations.length) {
      const errors = await Promise.all(
        operations.map((op) =>
          apply(op).then(
            () => null,
            (error: unknown) => error,
          ),
        ),
      );
      const index = errors.findIndex((error) => error !== null);
      return index < 0 ? undefined : { index, error: errors[index] };
    }
    for (const [index, op] of operations.entries()) {
      const error = await apply(op).then(
        () => null,
        (failure: unknown) => failure,
      );
      if (error !== null) return { index, error };
    }
    return undefined;
  }

  async function applyAll(operations: Operation[], saved: Saved): Promise<FrontAnswer> {
    const failure = await firstFailure(operations, saved);
    if (failure) {
      const { index, error } = failure;
      await restoreItems(backend, saved);
      if ((error as Error).name === 'ValidationException' && /Item size/.test((error as Error).message)) {
        return cancelled(operations.length, index, { Code: 'ValidationError', Message: (error as Error).message });
      }
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
      const before = saved[index]?.before;
      const wantsItem = operations[index]?.input.ReturnValuesOnConditionCheckFailure === 'ALL_OLD' && before;
      return cancelled(operations.length, index, {
        Code: 'ConditionalCheckFailed',
        Message: 'The conditional request failed',
        ...(wantsItem ? { Item: before } : {}),
      });
    }
    if (operations.some((op) => op.kind === 'ConditionCheck')) {
      // Undo the no-op writes' side effect of creating a key-only item where none existed.
      for (const [i, op] of operations.entries()) {
        const entry = saved[i];
        if (op.kind === 'ConditionCheck' && entry && !entry.before)
          await backend.send('DeleteItem', { TableName: entry.table, Key: entry.key });
      }
    }
    return { status: 200, body: {} };
  }

  async function transactGet(body: {
    TransactItems: {
      Get: {
        TableName: string;
        Key: Item;
        ProjectionExpression?: string;
        ExpressionAttributeNames?: Record<string, string>;
      };
    }[];
  }) {
    const responses = [];
    for (const { Get } of body.TransactItems) {
      const result = await backend.send<{ Item?: Item }>('GetItem', { ...Get, ConsistentRead: true });
      responses.push(result.Item ? { Item: result.Item } : {});
    }
    return { status: 200, body: { Responses: responses } };
  }

  /** The items a single write or batch touches, as the gate names them (a body it cannot read: none). */
  async function itemsWritten(target: string, raw: Buffer): Promise<string[]> {
    try {
      const targets = writeTargets(target, JSON.parse(raw.toString('utf8')));
      const items: string[] = [];
      for (const t of targets) items.push(`${t.table}\u0000${JSON.stringify(await keyOf(t.table, t.keySource))}`);
      return items;
    } catch {
      return [];
    }
  }

  /**
   * A single write or batch within AWS's item size (a put is checked before, an update on its result, and
   * undone), answering `ReturnConsumedCapacity` with the table's and its indexes' units counted from the items'
   * images before and after (dynamo-capacity.ts), where dynalite counts the table alone.
   */
  async function checkedWrite(target: string, req: IncomingMessage, raw: Buffer, res: ServerResponse) {
    const body = JSON.parse(raw.toString('utf8'));
    const refusal = oversizedPut(target, body);
    if (refusal) return answerWith(res, refusal);
    const mode = capacityMode(body);
    const targets = mode || target === 'UpdateItem' ? writeTargets(target, body) : [];
    // The keys in the table's own attribute order, as currentItems matches them.
    const keyed = [];
    for (const t of targets) keyed.push({ ...t, key: await keyOf(t.table, t.keySource) });
    const befores = keyed.length > 0 ? await currentItems(keyed) : [];
    // An update that asks for no item back is sent asking for the new one: its image after, without a read.
    const takesNew = target === 'UpdateItem' && (body.ReturnValues ?? 'NONE') === 'NONE';
    const sent = takesNew ? Buffer.from(JSON.stringify({ ...body, ReturnValues: 'ALL_NEW' })) : raw;
    const relayed = await relay(options.dynalite, req, sent);
    let updated: Item | undefined;
    const answer =
      takesNew && relayed.status === 200
        ? rewritten(relayed, ({ Attributes, ...rest }) => {
            updated = Attributes as Item | undefined;
            return rest;
          })
        : relayed;
    if (answer.status !== 200 || keyed.length === 0) return send(res, answer);
    const afters = target !== 'UpdateItem' ? keyed.map((t) => t.put) : takesNew ? [updated] : await currentItems(keyed);
    if (target === 'UpdateItem' && tooLarge(afters[0])) {
      await restoreItems(backend, [
        { table: keyed[0]?.table as string, key: keyed[0]?.key as Item, before: befores[0] },
      ]);
      return answerWith(res, validationError(UPDATE_TOO_LARGE));
    }
    if (!mode) return send(res, answer);
    const changes = keyed.map((t, i) => ({ table: t.table, change: { before: befores[i], after: afters[i] } }));
    const capacity = capacityByTable(changes, shapes, mode);
    send(res, withCapacity(answer, target === 'BatchWriteItem' ? capacity : (capacity[0] as object)));
  }

  const server = localHttpServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const target = String(req.headers['x-amz-target'] ?? '').split('.')[1] ?? '';
    try {
      if (target === 'TransactWriteItems' || target === 'TransactGetItems') {
        const body = JSON.parse(raw.toString('utf8'));
        const result = await (target === 'TransactGetItems'
          ? transactGet(body)
          : gate.exclusive(() => transactWrite(body)));
        answerWith(res, result);
      } else if (WRITE_TARGETS.has(target)) {
        await gate.shared(await itemsWritten(target, raw), () => checkedWrite(target, req, raw, res));
      } else {
        if (TABLE_CHANGES.has(target)) shapes.clear();
        send(res, await relay(options.dynalite, req, raw));
      }
    } catch (error) {
      res.writeHead(500, { 'content-type': 'application/x-amz-json-1.0' });
      res.end(
        JSON.stringify({ __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError', message: String(error) }),
      );
    }
  });
  return new Promise<http.Server>((resolve) => server.listen(options.port, options.host, () => resolve(server)));
}
