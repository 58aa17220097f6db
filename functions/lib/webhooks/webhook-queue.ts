import { z } from 'zod';
import { MAX_SQS_DELAY_SECONDS, sendToQueue } from '../sqs-send';

/**
 * The webhook delivery queue (docs/decisions/0264-webhook-delivery-through-an-sqs-queue-and-a-sender-lambda.md): a
 * standard SQS queue whose messages name one delivery; the sender Lambda makes the attempt and, when it
 * fails, sends the next attempt back with a delay. SQS delays at most 15 minutes, so a longer wait is several
 * hops: the message carries `notBefore` and the sender sends it back until that time has come.
 */
export const WEBHOOK_QUEUE_NAME = 'tracking-webhooks';
export const WEBHOOK_DLQ_NAME = 'tracking-webhooks-dlq';
export const SENDER_TIMEOUT_SECONDS = 60;
export const SENDER_BATCH_SIZE = 10;
export const WEBHOOK_MAX_RECEIVE_COUNT = 5;

/**
 * Standard Webhooks' suggested schedule after the first attempt (integrations-2.md s.7): 5 s, 5 min, 30 min,
 * 2 h, 5 h, 10 h, 14 h: eight attempts over about 31.5 hours, so a receiver down for a day still gets it.
 */
export const RETRY_DELAYS_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000, 50_400] as const;

/** The wait before attempt `attemptNumber + 1`, with ±10 % jitter past the first (receivers coming back are not hit at once). */
export function retryDelaySeconds(attemptsMade: number, random = Math.random): number | undefined {
  const base = RETRY_DELAYS_SECONDS[attemptsMade - 1];
  if (base === undefined) return undefined;
  if (base < 60) return base;
  return Math.round(base * (0.9 + random() * 0.2));
}

/** The delivery queue's message body (JSON): one attempt of one delivery. */
export const webhookJobSchema = z.object({
  tenantId: z.string().min(1),
  endpointId: z.number().int().positive(),
  deliveryId: z.string().min(1),
  /** A replay or test asked for by a person: one attempt, no retries after it. */
  manual: z.boolean().optional(),
  /** ISO time before which the attempt is not made (a wait longer than SQS's 15 minutes). */
  notBefore: z.iso.datetime({ offset: true }).optional(),
});
export type WebhookJob = z.infer<typeof webhookJobSchema>;

/** Sends jobs, each with its delay (seconds, at most 15 minutes); throws when SQS refused any (sqs-send.ts). */
export const enqueueWebhookJobs = (jobs: readonly { job: WebhookJob; delaySeconds?: number }[]) =>
  sendToQueue(
    'WEBHOOK_QUEUE_URL',
    'webhook queue',
    jobs.map(({ job, delaySeconds }) => ({ body: job, delaySeconds: delaySeconds ?? 0 })),
  );

/** A job to run at `at`: at once when due, else with the delay SQS allows and `notBefore` for the rest. */
export function scheduledJob(job: WebhookJob, at: Date, now = new Date()) {
  const seconds = Math.max(0, (at.getTime() - now.getTime()) / 1000);
  if (seconds <= MAX_SQS_DELAY_SECONDS) return { job: { ...job, notBefore: undefined }, delaySeconds: seconds };
  return { job: { ...job, notBefore: at.toISOString() }, delaySeconds: MAX_SQS_DELAY_SECONDS };
}
