import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../../functions/lib/data/client';

/** BatchWriteItem for bulk loads: chunks of 25, a few chunks in flight, unprocessed items retried. */

const BATCH_SIZE = 25;
const MAX_ATTEMPTS = 8;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type PutRequest = { PutRequest: { Item: Record<string, unknown> } };

async function writeChunk(requests: PutRequest[]): Promise<void> {
  let pending = requests;
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt >= MAX_ATTEMPTS) throw new Error(`${pending.length} items stayed unprocessed after ${attempt} tries`);
    if (attempt > 0) await sleep(Math.min(1000, 25 * 2 ** attempt));
    const result = await dynamo().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
    pending = (result.UnprocessedItems?.[tableName()] ?? []) as PutRequest[];
  }
}

export async function batchPut(items: readonly object[], concurrency = 4): Promise<void> {
  const chunks: PutRequest[][] = [];
  for (let i = 0; i < items.length; i += BATCH_SIZE) {
    chunks.push(
      items.slice(i, i + BATCH_SIZE).map((item) => ({ PutRequest: { Item: item as Record<string, unknown> } })),
    );
  }
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) await writeChunk(chunks[next++] as PutRequest[]);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, chunks.length)) }, worker));
}
