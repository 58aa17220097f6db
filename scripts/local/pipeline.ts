import type { Aedes } from 'aedes';
import {
  PROCESSOR_BATCH_SIZE,
  PROCESSOR_TIMEOUT_SECONDS,
  UPLINK_DLQ_NAME,
  UPLINK_MAX_RECEIVE_COUNT,
  UPLINK_QUEUE_NAME,
} from '../../functions/lib/pipeline/queue/uplink-queue';
import { HOST, port, REGION } from './config';
import { startIotRules } from './iot-rules';
import type { Service } from './services';
import { startSqsPoller } from './sqs-poller';
import { LOCAL_ACCOUNT, startSqsService } from './sqs-service';

/**
 * The device event pipeline's path under `npm start` (issue 9): the SQS stand-in with the uplink FIFO queue
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
  const rules = await startIotRules(broker, log);
  const stop = async () => {
    await poller.stop();
    await sqs.stop();
  };
  return [{ name: sqs.name, url: sqs.url, stop }, rules];
}
