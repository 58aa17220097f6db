import type { SQSRecord } from 'aws-lambda';
import { sendToQueue } from '../../sqs-send';
import { uplinkGroupIdOf } from './message-group';

/**
 * The codec lane (docs/decisions/0308): a second FIFO queue, with the uplink queue's groups and dead-letter queue,
 * that the same processor consumes with a concurrency of its own (CODEC_LANE_CONCURRENCY). Uplinks of a tenant
 * whose codec has used its share of a batch or a minute (codecs/codec-budget.ts) are sent here instead of run, so
 * the other tenants' uplinks of the batch never wait behind that codec. Names shared by CDK
 * (infra/stacks/pipeline-stack.ts) and the local stand-in (scripts/local/pipeline.ts).
 */
export const CODEC_LANE_QUEUE_NAME = 'tracking-uplinks-codec-lane.fifo';
/** Lambdas at once on the lane (2 is the least an SQS event source's maximum concurrency may be). */
export const CODEC_LANE_CONCURRENCY = 2;

/** The warning on an event its codec decoded in the lane: the tenant sees why its uplink came late. */
export const CODEC_LANE_WARNING =
  "Decoded in the codec lane: the profile's codec used more than its share of the processor's time";

/** All records of one invocation come from one event source mapping: the lane's, or the uplink queue's. */
export const fromCodecLane = (records: readonly SQSRecord[]) =>
  records.length > 0 && records.every((record) => record.eventSourceARN?.endsWith(CODEC_LANE_QUEUE_NAME));

/**
 * Sends the records to the lane in their order, each in its own group (a tag's uplinks stay in order) and under a
 * deduplication id of its own message: a record deferred again from the lane is a new message, and a resend after
 * a failed call is dropped as the duplicate it is. Answers the ids of the records that were not sent (they go back
 * to their queue as failures); never throws.
 */
export async function sendToCodecLane(
  records: readonly { record: SQSRecord; uplink: { tenant: string; devEui: string } }[],
  log?: (error: Error) => void,
): Promise<string[]> {
  if (records.length === 0) return [];
  try {
    await sendToQueue(
      'CODEC_LANE_QUEUE_URL',
      'codec lane',
      records.map(({ record, uplink }) => ({
        body: JSON.parse(record.body) as unknown,
        groupId: record.attributes.MessageGroupId ?? uplinkGroupIdOf(uplink),
        deduplicationId: `lane-${record.messageId}`.slice(0, 128),
      })),
    );
    return [];
  } catch (error) {
    log?.(error as Error);
    return records.map(({ record }) => record.messageId);
  }
}
