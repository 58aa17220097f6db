import type { Aedes } from 'aedes';
import { CODEC_LANE_CONCURRENCY, CODEC_LANE_QUEUE_NAME } from '../../functions/lib/pipeline/queue/codec-lane';
import {
  PROCESSOR_BATCH_SIZE,
  PROCESSOR_TIMEOUT_SECONDS,
  UPLINK_DLQ_NAME,
  UPLINK_MAX_RECEIVE_COUNT,
  UPLINK_QUEUE_NAME,
} from '../../functions/lib/pipeline/queue/uplink-queue';
import {
  SENDER_BATCH_SIZE,
  SENDER_TIMEOUT_SECONDS,
  WEBHOOK_DLQ_NAME,
  WEBHOOK_MAX_RECEIVE_COUNT,
  WEBHOOK_QUEUE_NAME,
} from '../../functions/lib/webhooks/webhook-queue';
import { HOST, port, REGION } from './config';
import { startIotRules } from './iot-rules';
import type { Service } from './services';
import { startSqsPoller } from './sqs-poller';
import { LOCAL_ACCOUNT, startSqsService } from './sqs-service';

/**
 * The device event pipeline's path under `npm start`: the SQS stand-in with the uplink FIFO queue
 * and its dead-letter queue, the processor's event source, and the IoT topic rules over aedes. The ways in
 * and the processor are the Lambda handlers of functions/pipeline/, unchanged.
 */
export const localUplinkQueueUrl = () => `http://${HOST}:${port('SQS_PORT')}/${LOCAL_ACCOUNT}/${UPLINK_QUEUE_NAME}`;

export async function startLocalPipeline(
  broker: Aedes,
  log: (line: string) => void = console.error,
): Promise<Service[]> {
  const sqs = await startSqsService(port('SQS_PORT'), [
    // Locally the visibility timeout is the processor's timeout, so a failed uplink is back in 30 s, not 3 min.
    { name: UPLINK_DLQ_NAME, visibilityTimeoutSeconds: PROCESSOR_TIMEOUT_SECONDS },
    {
      name: UPLINK_QUEUE_NAME,
      visibilityTimeoutSeconds: PROCESSOR_TIMEOUT_SECONDS,
      redrive: { deadLetterQueue: UPLINK_DLQ_NAME, maxReceiveCount: UPLINK_MAX_RECEIVE_COUNT },
    },
    // The codec lane: as the uplink queue, the same dead-letter queue.
    {
      name: CODEC_LANE_QUEUE_NAME,
      visibilityTimeoutSeconds: PROCESSOR_TIMEOUT_SECONDS,
      redrive: { deadLetterQueue: UPLINK_DLQ_NAME, maxReceiveCount: UPLINK_MAX_RECEIVE_COUNT },
    },
    // Webhook delivery: the sender's queue, as CDK makes it (infra/constructs/webhook-delivery.ts).
    { name: WEBHOOK_DLQ_NAME, visibilityTimeoutSeconds: SENDER_TIMEOUT_SECONDS },
    {
      name: WEBHOOK_QUEUE_NAME,
      visibilityTimeoutSeconds: SENDER_TIMEOUT_SECONDS,
      redrive: { deadLetterQueue: WEBHOOK_DLQ_NAME, maxReceiveCount: WEBHOOK_MAX_RECEIVE_COUNT },
    },
  ]);
  const poller = startSqsPoller({
    endpoint: sqs.url,
    queueUrl: localUplinkQueueUrl(),
    queueArn: `arn:aws:sqs:${REGION}:${LOCAL_ACCOUNT}:${UPLINK_QUEUE_NAME}`,
    handler: async () => (await import('../../functions/pipeline/processor')).handler,
    batchSize: PROCESSOR_BATCH_SIZE,
    // A batch may wait up to a second for the live publisher's per-channel interval (functions/lib/live/
    // coalescer.ts): 8 batches at once keep 50+ uplinks/s flowing, as Lambda would run more at once.
    concurrency: 8,
    log,
  });
  // The same processor on the codec lane, with the lane's own concurrency (as its event source mapping on AWS).
  const lane = startSqsPoller({
    endpoint: sqs.url,
    queueUrl: `http://${HOST}:${port('SQS_PORT')}/${LOCAL_ACCOUNT}/${CODEC_LANE_QUEUE_NAME}`,
    queueArn: `arn:aws:sqs:${REGION}:${LOCAL_ACCOUNT}:${CODEC_LANE_QUEUE_NAME}`,
    handler: async () => (await import('../../functions/pipeline/processor')).handler,
    batchSize: PROCESSOR_BATCH_SIZE,
    concurrency: CODEC_LANE_CONCURRENCY,
    log,
  });
  const sender = startSqsPoller({
    endpoint: sqs.url,
    queueUrl: `http://${HOST}:${port('SQS_PORT')}/${LOCAL_ACCOUNT}/${WEBHOOK_QUEUE_NAME}`,
    queueArn: `arn:aws:sqs:${REGION}:${LOCAL_ACCOUNT}:${WEBHOOK_QUEUE_NAME}`,
    handler: async () => (await import('../../functions/workers/webhook-sender')).handler,
    batchSize: SENDER_BATCH_SIZE,
    concurrency: 2,
    log,
  });
  const rules = await startIotRules(broker, log);
  const stop = async () => {
    await sender.stop();
    await lane.stop();
    await poller.stop();
    await sqs.stop();
  };
  return [{ name: sqs.name, url: sqs.url, stop }, rules];
}
