import {
  type BatchResultErrorEntry,
  SendMessageBatchCommand,
  type SendMessageBatchRequestEntry,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { chunksOf } from './chunks';
import { localServiceConfig } from './local-endpoints';
import { sdkClient } from './sdk-client';

/**
 * The one way our code puts messages on an SQS queue (the consumers' side is sqs-batch.ts). SendMessageBatch
 * takes at most 10 entries and 256 KiB in all; a message over 256 KiB can never be sent, so it throws before
 * anything of the call is sent. An entry SQS failed on its own side (not the sender's fault: throttling, an
 * internal error) is sent again a few times; an entry refused as the sender's fault, or still failing, makes
 * the call throw, so the caller answers an error rather than losing a message silently. Entries sent before the
 * throw stay sent: a caller that sends again may send them twice, which every consumer of ours takes (FIFO
 * deduplication ids, idempotent webhook deliveries).
 */
export interface QueueMessage {
  /** The body as JSON (what the consumer reads with `recordBody`). */
  body: unknown;
  /** FIFO queues: the group kept in order, and the id that drops a repeat within five minutes. */
  groupId?: string;
  deduplicationId?: string;
  /** Standard queues: seconds before the message shows, at most 15 minutes. */
  delaySeconds?: number;
}

export const SQS_BATCH_MAX_ENTRIES = 10;
export const SQS_MAX_BYTES = 256 * 1024;
export const MAX_SQS_DELAY_SECONDS = 900;
/** Sends of an entry SQS failed on its own side before the call gives up. */
const SERVER_FAULT_ATTEMPTS = 3;

let client: SQSClient | undefined;
const sqs = () => {
  client ??= sdkClient(new SQSClient(localServiceConfig('SQS_ENDPOINT')));
  return client;
};

function entryOf(message: QueueMessage, id: number): SendMessageBatchRequestEntry {
  return {
    Id: String(id),
    MessageBody: JSON.stringify(message.body),
    ...(message.groupId === undefined ? {} : { MessageGroupId: message.groupId }),
    ...(message.deduplicationId === undefined ? {} : { MessageDeduplicationId: message.deduplicationId }),
    ...(message.delaySeconds === undefined
      ? {}
      : { DelaySeconds: Math.min(MAX_SQS_DELAY_SECONDS, Math.max(0, Math.ceil(message.delaySeconds))) }),
  };
}

const bodyBytes = (entry: SendMessageBatchRequestEntry) => Buffer.byteLength(entry.MessageBody ?? '');

/** Entries in batches of at most 10 and 256 KiB of bodies, in the order given (a FIFO group keeps its order). */
export function batchesOf(entries: readonly SendMessageBatchRequestEntry[]): SendMessageBatchRequestEntry[][] {
  const over = entries.find((entry) => bodyBytes(entry) > SQS_MAX_BYTES);
  if (over) throw new Error(`A message of ${bodyBytes(over)} bytes is over SQS's ${SQS_MAX_BYTES}`);
  return chunksOf(entries, { maxItems: SQS_BATCH_MAX_ENTRIES, maxBytes: SQS_MAX_BYTES }, bodyBytes);
}

async function sendBatch(queueUrl: string, queue: string, batch: SendMessageBatchRequestEntry[]): Promise<void> {
  let pending = batch;
  for (let attempt = 1; ; attempt++) {
    const result = await sqs().send(new SendMessageBatchCommand({ QueueUrl: queueUrl, Entries: pending }));
    const failed: BatchResultErrorEntry[] = result.Failed ?? [];
    if (failed.length === 0) return;
    if (attempt >= SERVER_FAULT_ATTEMPTS || failed.some((entry) => entry.SenderFault))
      throw new Error(`The ${queue} refused ${failed.length} of ${pending.length} messages (${failed[0]?.Code})`);
    const again = new Set(failed.map((entry) => entry.Id));
    pending = pending.filter((entry) => again.has(entry.Id));
  }
}

/** Sends the messages to the queue whose URL is in `urlVariable`; `queue` names it in errors ("uplink queue"). */
export async function sendToQueue(urlVariable: string, queue: string, messages: readonly QueueMessage[]) {
  if (messages.length === 0) return;
  const queueUrl = process.env[urlVariable];
  if (!queueUrl) throw new Error(`${urlVariable} is not set`);
  for (const batch of batchesOf(messages.map(entryOf))) await sendBatch(queueUrl, queue, batch);
}
