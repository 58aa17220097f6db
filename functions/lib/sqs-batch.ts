import type { SQSBatchResponse, SQSRecord } from 'aws-lambda';
import type { z } from 'zod';

/**
 * What an SQS consumer answers Lambda (ReportBatchItemFailures): the records named go back to the queue, the rest
 * are done. Every consumer answers through this one shape, so none reports a whole batch failed by accident.
 */
export const batchResponse = (failedMessageIds: readonly string[]): SQSBatchResponse => ({
  batchItemFailures: failedMessageIds.map((itemIdentifier) => ({ itemIdentifier })),
});

/**
 * A record's body read by the queue's schema: what a producer of ours wrote, checked rather than cast, so a body
 * in another shape (an older format, a message put by hand) throws here instead of half-working further on.
 */
export function recordBody<S extends z.ZodType>(record: Pick<SQSRecord, 'body'>, schema: S): z.output<S> {
  return schema.parse(JSON.parse(record.body));
}
