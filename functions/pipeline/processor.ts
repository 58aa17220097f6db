import { Logger } from '@aws-lambda-powertools/logger';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { withEffects } from '../lib/effects/with-effects';
import { processBatch } from '../lib/pipeline/processor/process-batch';

const logger = new Logger({ serviceName: 'pipeline-processor' });

/**
 * The device event processor: the uplink queue's (SQS FIFO) event source with ReportBatchItemFailures.
 * Locally scripts/local/sqs-poller.ts calls it with the same SQSEvent. Traced; what the batch queued leaves as it returns,
 * its item failures answered as the batch made them (functions/lib/effects/).
 */
export const handler = withEffects(
  'sqs-batch',
  async (event: SQSEvent): Promise<SQSBatchResponse> => processBatch(event.Records, logger),
);
