import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../data/client';
import type { TenantContext } from '../data/tenant-context';
import { TRANSACTION_MAX_ITEMS } from '../data/transaction';
import { lineItem, type StoredLine } from './rental-contract-items';

/**
 * A bulk's new lines, 100 to a TransactWriteItems, each put on the condition that its line does not exist yet
 * (docs/decisions/0328-rental-contract-screens-and-import-checked-in-the-browser.md). A line someone else
 * created between the bulk's read and its write cancels its transaction; the cancellation's reasons name it by
 * position, so that line alone is refused and the rest of its chunk is sent again. A transaction is not used
 * for its atomicity (each line stands alone) but for the per-item reasons, which a BatchWriteItem lacks and a
 * put per line would give at a round trip each.
 */
const CHUNKS_IN_FLIGHT = 4;

/** Which of these external ids have a line now (a consistent read). */
export type ExistingLines = (externalIds: readonly string[]) => Promise<ReadonlyMap<string, unknown>>;

/** The external ids of the lines that were created by someone else meanwhile (the others are written). */
export async function createLines(
  ctx: TenantContext,
  lines: readonly StoredLine[],
  existing: ExistingLines,
): Promise<Set<string>> {
  const refused = new Set<string>();
  const chunks: StoredLine[][] = [];
  for (let i = 0; i < lines.length; i += TRANSACTION_MAX_ITEMS) chunks.push(lines.slice(i, i + TRANSACTION_MAX_ITEMS));
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      const chunk = chunks[next++] as StoredLine[];
      for (const id of await createChunk(ctx, chunk, existing)) refused.add(id);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CHUNKS_IN_FLIGHT, chunks.length) }, worker));
  return refused;
}

/**
 * One chunk: sent until it is written, less each line whose condition failed. DynamoDB names every failed
 * condition; the local stand-in stops at the first, so after a cancellation the rest are read again and those
 * that exist now are refused too: a chunk another bulk wrote first takes two rounds, not one per line.
 */
async function createChunk(
  ctx: TenantContext,
  chunk: readonly StoredLine[],
  existing: ExistingLines,
): Promise<string[]> {
  const refused: string[] = [];
  let pending = [...chunk];
  while (pending.length > 0) {
    const items = pending.map((line) => ({
      Put: { TableName: tableName(), Item: lineItem(ctx, line), ConditionExpression: 'attribute_not_exists(pk)' },
    }));
    try {
      await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
      return refused;
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const failed = new Set(
        (error.CancellationReasons ?? []).flatMap((reason, i) => (reason.Code === 'ConditionalCheckFailed' ? [i] : [])),
      );
      // Cancelled for another reason (conflicts the client's retries did not outlast): the request fails.
      if (failed.size === 0) throw error;
      const rest = pending.filter((_, i) => !failed.has(i));
      const taken = await existing(rest.map((line) => line.externalId));
      refused.push(
        ...pending.filter((line, i) => failed.has(i) || taken.has(line.externalId)).map((l) => l.externalId),
      );
      pending = rest.filter((line) => !taken.has(line.externalId));
    }
  }
  return refused;
}
