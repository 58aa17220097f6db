import { Logger } from '@aws-lambda-powertools/logger';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { observed } from '../lib/observability/tracing';
import { processBatch } from '../lib/pipeline/processor/process-batch';

const logger = new Logger({ serviceName: 'pipeline-processor' });

/**
 * The device event processor: the uplink queue's (SQS FIFO) event source with ReportBatchItemFailures.
 * Locally scripts/local/sqs-poller.ts calls it with the same SQSEvent. Traced, its metrics flushed as it returns.
 */
export const handler = observed(
  async (event: SQSEvent): Promise<SQSBatchResponse> => processBatch(event.Records, logger),
);
