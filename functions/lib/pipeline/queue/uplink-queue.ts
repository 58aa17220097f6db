import { createHash } from 'node:crypto';
import { sendToQueue } from '../../sqs-send';
import type { NormalizedUplink } from '../contracts';
import { uplinkGroupIdOf } from './message-group';

/**
 * The queue between the ways in and the processor (docs/decisions/0173). SQS FIFO:
 * MessageGroupId = tenant + DEVEUI (message-group.ts) keeps each tag's uplinks in order while different tags run
 * in parallel, and keeps another tenant's uplinks for the same DEVEUI out of the holder's group;
 * MessageDeduplicationId = DEVEUI + frame counter + tenant (or a hash of the uplink when it has none) drops the
 * network's and KPN's retries within SQS's five-minute window. The processor's conditional event write drops
 * later replays. Names shared by CDK (infra/stacks/pipeline-stack.ts) and the local stand-in.
 */
export const UPLINK_QUEUE_NAME = 'tracking-uplinks.fifo';
export const UPLINK_DLQ_NAME = 'tracking-uplinks-dlq.fifo';
/** Receives before a message goes to the dead-letter queue (a poison uplink must not block its tag forever). */
export const UPLINK_MAX_RECEIVE_COUNT = 5;
/** Six times the processor's timeout, as AWS advises for Lambda event sources. */
export const PROCESSOR_TIMEOUT_SECONDS = 30;
export const UPLINK_VISIBILITY_TIMEOUT_SECONDS = PROCESSOR_TIMEOUT_SECONDS * 6;
export const PROCESSOR_BATCH_SIZE = 10;

/** The deduplication id: at most 128 characters of [A-Za-z0-9 punctuation]. */
export function deduplicationIdOf(uplink: NormalizedUplink): string {
  // The tenant too: another tenant's copy of an uplink (refused by the processor) must not be the one SQS
  // keeps, dropping the true owner's as a duplicate within the five minutes.
  if (uplink.frameCounter !== undefined)
    return `${uplink.devEui}-${uplink.frameCounter}-${uplink.measuredAt}-${uplink.tenant}`;
  const { receivedAt: _receivedAt, ...content } = uplink;
  return `${uplink.devEui}-${createHash('sha256').update(JSON.stringify(content)).digest('hex').slice(0, 40)}`;
}

/** Throws when SQS refused any uplink (sqs-send.ts): the way in answers an error and the network sends again. */
export const enqueueUplinks = (uplinks: readonly NormalizedUplink[]) =>
  sendToQueue(
    'UPLINK_QUEUE_URL',
    'uplink queue',
    uplinks.map((uplink) => ({
      body: uplink,
      groupId: uplinkGroupIdOf(uplink),
      deduplicationId: deduplicationIdOf(uplink),
    })),
  );
