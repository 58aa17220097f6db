import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, BatchWriteCommand, type BatchWriteCommandInput, PutCommand } from '@aws-sdk/lib-dynamodb';
import { MESSAGES, type Violation } from '../../../shared/errors';
import { RENTAL_CONTRACT_MESSAGES, type RentalContractLine } from '../../../shared/schemas/rental-contract';
import { dynamo, tableName } from '../data/client';
import type { TenantContext } from '../data/tenant-context';
import { createLines } from './rental-contract-creates';
import {
  contentOf,
  lineItem,
  lineKey,
  type StoredLine,
  sameContent,
  storedLineOf,
  versionItem,
} from './rental-contract-items';

/**
 * Writing contract lines, one or thousands alike. A line whose content equals the stored one writes nothing
 * (the same ERP export sent again is free and leaves no version). A changed line first keeps the version it
 * replaces as a version item (`VERSION#<n>`), then is put on the condition that it is still the version read:
 * a concurrent save makes it a conflict, never a lost update. The line itself is its newest version, so a
 * version item is written only when a version is superseded, and a new line is one item.
 * A bulk upsert's new lines go 100 to a transaction, each on the condition that it is still absent
 * (rental-contract-creates.ts): an external id created by someone else in the same seconds is refused, that line
 * alone. A single put per line would be correct too, but the local stand-in answers one put in about 10 ms,
 * which for 5,000 lines is more than the Lambda's 28 s.
 */
export type LineOutcome =
  | { result: 'done' | 'unchanged'; line: StoredLine }
  | { result: 'refused'; conflict: boolean; violations: Violation[] };

const PUTS_IN_FLIGHT = 16;
const ITEMS_PER_BATCH_WRITE = 25;
const KEYS_PER_BATCH_GET = 100;

export async function readStoredLines(ctx: TenantContext, externalIds: readonly string[]) {
  const stored = new Map<string, StoredLine>();
  const chunks: string[][] = [];
  for (let i = 0; i < externalIds.length; i += KEYS_PER_BATCH_GET)
    chunks.push(externalIds.slice(i, i + KEYS_PER_BATCH_GET));
  await inParallel(chunks, 4, async (chunk) => {
    let keys: Record<string, unknown>[] = chunk.map((id) => lineKey(ctx, id));
    for (let attempt = 0; keys.length > 0; attempt++) {
      if (attempt >= 8) throw new Error(`${keys.length} rental contract keys stayed unprocessed`);
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** attempt));
      const table = tableName();
      const result = await dynamo().send(
        new BatchGetCommand({ RequestItems: { [table]: { Keys: keys, ConsistentRead: true } } }),
      );
      for (const item of result.Responses?.[table] ?? []) stored.set(String(item.externalId), storedLineOf(item));
      keys = (result.UnprocessedKeys?.[table]?.Keys ?? []) as Record<string, unknown>[];
    }
  });
  return stored;
}

interface Planned {
  index: number;
  line: StoredLine;
  /** The stored line it replaces (none: a new line). */
  before?: StoredLine;
}

/** A new line of a bulk that someone else created between the bulk's read and its write. */
const createdMeanwhileOutcome = (): LineOutcome => ({
  result: 'refused',
  conflict: true,
  violations: [{ propertyPath: 'externalId', message: RENTAL_CONTRACT_MESSAGES.createdMeanwhile }],
});

const conflictOutcome = (): LineOutcome => ({
  result: 'refused',
  conflict: true,
  violations: [{ propertyPath: 'version', message: MESSAGES.staleVersion }],
});

function plan(lines: readonly RentalContractLine[], stored: Map<string, StoredLine>, changedBy: number) {
  const changedAt = new Date().toISOString();
  const outcomes: LineOutcome[] = [];
  const planned: Planned[] = [];
  lines.forEach((line, index) => {
    const before = stored.get(line.externalId);
    if (before && sameContent(contentOf(before), contentOf(line))) {
      outcomes[index] = { result: 'unchanged', line: before };
      return;
    }
    const read = before?.version ?? 0;
    if (line.version !== undefined && line.version !== read) {
      outcomes[index] = conflictOutcome();
      return;
    }
    const next: StoredLine = {
      externalId: line.externalId,
      ...contentOf(line),
      version: read + 1,
      changedAt,
      changedBy,
    };
    planned.push({ index, line: next, before });
  });
  return { outcomes, planned };
}

/** What each line comes to (same order as `lines`), after the changed ones are written. */
export async function upsertLines(
  ctx: TenantContext,
  changedBy: number,
  lines: readonly RentalContractLine[],
  options: { batchCreates?: boolean } = {},
): Promise<LineOutcome[]> {
  const stored = await readStoredLines(ctx, [...new Set(lines.map((line) => line.externalId))]);
  const { outcomes, planned } = plan(lines, stored, changedBy);
  const batched = options.batchCreates ? planned.filter((one) => !one.before) : [];
  const conditional = planned.filter((one) => !batched.includes(one));
  await batchPut(conditional.flatMap(({ before }) => (before ? [versionItem(ctx, before)] : [])));
  const created = batched.map(({ line }) => line);
  const takenMeanwhile = await createLines(ctx, created, (ids) => readStoredLines(ctx, ids));
  for (const { index, line } of batched)
    outcomes[index] = takenMeanwhile.has(line.externalId) ? createdMeanwhileOutcome() : { result: 'done', line };
  await inParallel(conditional, PUTS_IN_FLIGHT, async ({ index, line, before }) => {
    outcomes[index] = (await putIfRead(ctx, line, before?.version ?? 0)) ? { result: 'done', line } : conflictOutcome();
  });
  return outcomes;
}

/** The line, on the condition that it is still the version read (none: still absent). */
async function putIfRead(ctx: TenantContext, line: StoredLine, read: number): Promise<boolean> {
  const condition =
    read === 0
      ? { ConditionExpression: 'attribute_not_exists(pk)' }
      : {
          ConditionExpression: '#version = :read',
          ExpressionAttributeNames: { '#version': 'version' },
          ExpressionAttributeValues: { ':read': read },
        };
  try {
    await dynamo().send(new PutCommand({ TableName: tableName(), Item: lineItem(ctx, line), ...condition }));
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Items put 25 to a BatchWriteItem, a few calls in flight, unprocessed ones sent again with backoff. */
async function batchPut(items: readonly Record<string, unknown>[]) {
  const chunks: Record<string, unknown>[][] = [];
  for (let i = 0; i < items.length; i += ITEMS_PER_BATCH_WRITE) chunks.push(items.slice(i, i + ITEMS_PER_BATCH_WRITE));
  await inParallel(chunks, 4, async (chunk) => {
    const table = tableName();
    let requests: NonNullable<BatchWriteCommandInput['RequestItems']>[string] = chunk.map((Item) => ({
      PutRequest: { Item },
    }));
    for (let attempt = 0; requests.length > 0; attempt++) {
      if (attempt >= 8) throw new Error(`${requests.length} rental contract items stayed unprocessed`);
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** attempt));
      const result = await dynamo().send(new BatchWriteCommand({ RequestItems: { [table]: requests } }));
      requests = result.UnprocessedItems?.[table] ?? [];
    }
  });
}

async function inParallel<T>(work: readonly T[], width: number, run: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < work.length) await run(work[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(width, work.length) }, worker));
}
