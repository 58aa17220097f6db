import { Logger } from '@aws-lambda-powertools/logger';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { systemTenantContext } from '../lib/data/system-context';
import { withEffects } from '../lib/effects/with-effects';
import { webhookAttempt } from '../lib/observability/product-metrics';
import { batchResponse, recordBody } from '../lib/sqs-batch';
import { runWebhookJob } from '../lib/webhooks/webhook-attempt';
import { webhookJobSchema } from '../lib/webhooks/webhook-queue';

const logger = new Logger({ serviceName: 'webhook-sender' });

/**
 * The webhook sender: the delivery queue's consumer, on AWS through Lambda's SQS event
 * source and locally through the same poller the processor uses (scripts/local/pipeline.ts). The attempts of a
 * batch run side by side (each waits up to 10 s for its receiver); a message whose attempt could not be
 * logged or scheduled is reported failed, so SQS redelivers it and, after five receives, parks it in the
 * dead-letter queue. A failed POST is not such a failure: it is logged and scheduled like any answer.
 */
async function sendBatch(event: SQSEvent): Promise<SQSBatchResponse> {
  const failures = await Promise.all(
    event.Records.map(async (record) => {
      try {
        const job = recordBody(record, webhookJobSchema);
        const outcome = await runWebhookJob(systemTenantContext(job.tenantId), job);
        logger.info('Webhook attempt', { tenant: job.tenantId, endpoint: job.endpointId, outcome });
        webhookAttempt(outcome);
        return undefined;
      } catch (error) {
        logger.error('Webhook attempt failed', { error: String(error) });
        return record.messageId;
      }
    }),
  );
  return batchResponse(failures.filter((failure) => failure !== undefined));
}

/** Its attempts' counts leave as it returns (functions/lib/effects/); the item failures as the batch made them. */
export const handler = withEffects('sqs-batch', sendBatch);
