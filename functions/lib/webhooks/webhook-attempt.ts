import type { WebhookDeliveryStatus } from '../../../shared/schemas/webhook';
import type { TenantContext } from '../data/tenant-context';
import { readNotificationSettings } from '../notifications/notification-settings';
import { type DeliveryRecord, getDelivery, logAttempt } from './webhook-deliveries';
import {
  disableEndpoint,
  endpointSecrets,
  type WebhookEndpointRecord,
  webhookEndpointRepository,
} from './webhook-endpoint-repository';
import { renderWebhookBody } from './webhook-formats';
import { checkUrl, type PostResult, postWebhook } from './webhook-http';
import { enqueueWebhookJobs, retryDelaySeconds, scheduledJob, type WebhookJob } from './webhook-queue';
import { webhookHeaders } from './webhook-signature';

/**
 * One attempt of one delivery (the sender Lambda runs this per queue message): check the URL again after
 * resolving it, sign, POST to the checked address, log the attempt and schedule the next one. 2xx is
 * delivered; 410 Gone switches the endpoint off (the receiver says it is gone for good); anything else is
 * retried on the schedule, a person's replay or test is not.
 */
export const GONE_REASON = 'The receiver answered 410 Gone';
const ENDPOINT_GONE = 'The endpoint was deleted';
const ENDPOINT_OFF = 'The endpoint is switched off';

export type AttemptOutcome = 'not-due' | 'dropped' | 'duplicate' | WebhookDeliveryStatus;

async function attemptPost(ctx: TenantContext, endpoint: WebhookEndpointRecord, delivery: DeliveryRecord) {
  const check = await checkUrl(endpoint.url);
  if (!check.ok) return { statusCode: null, error: check.reason, durationMs: 0 } satisfies PostResult;
  // Teams and Slack get a chat message made from the logged event; signed as sent (webhook-formats.ts).
  const chat = endpoint.format === 'teams' || endpoint.format === 'slack';
  const language = chat ? (await readNotificationSettings(ctx)).language : undefined;
  const body = renderWebhookBody(endpoint.format, delivery.payload, language);
  const headers = webhookHeaders(await endpointSecrets(ctx, endpoint), delivery.id, body);
  return postWebhook(check.url, check.address, headers, body);
}

function outcomeOf(result: PostResult, job: WebhookJob, attemptsMade: number, now: Date) {
  const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  if (ok) return { status: 'delivered' as const, next: undefined };
  const delay = job.manual || result.statusCode === 410 ? undefined : retryDelaySeconds(attemptsMade);
  if (delay === undefined) return { status: 'failed' as const, next: undefined };
  return { status: 'retrying' as const, next: new Date(now.getTime() + delay * 1000) };
}

export async function runWebhookJob(ctx: TenantContext, job: WebhookJob, now = new Date()): Promise<AttemptOutcome> {
  if (job.notBefore && Date.parse(job.notBefore) > now.getTime() + 1000) {
    await enqueueWebhookJobs([scheduledJob(job, new Date(job.notBefore), now)]);
    return 'not-due';
  }
  const delivery = await getDelivery(ctx, job.endpointId, job.deliveryId);
  if (!delivery) return 'dropped'; // expired from the log
  if (delivery.status === 'delivered' && !job.manual) return 'duplicate';
  const endpoint = await webhookEndpointRepository.get(ctx, job.endpointId);
  const skipped = !endpoint ? ENDPOINT_GONE : !endpoint.enabled && !job.manual ? ENDPOINT_OFF : undefined;
  const result: PostResult =
    skipped || !endpoint
      ? { statusCode: null, error: skipped ?? ENDPOINT_GONE, durationMs: 0 }
      : await attemptPost(ctx, endpoint, delivery);
  const outcome = skipped
    ? { status: 'failed' as const, next: undefined }
    : outcomeOf(result, job, delivery.attemptCount + 1, now);
  const logged = await logAttempt(
    ctx,
    delivery,
    {
      at: now.toISOString(),
      status_code: result.statusCode,
      error: result.error,
      duration_ms: result.durationMs,
      manual: Boolean(job.manual),
    },
    { status: outcome.status, nextAttemptAt: outcome.next?.toISOString() ?? null },
  );
  if (!logged) return 'duplicate';
  if (result.statusCode === 410 && endpoint) await disableEndpoint(ctx, endpoint.id, GONE_REASON);
  if (outcome.next) await enqueueWebhookJobs([scheduledJob({ ...job, manual: undefined }, outcome.next, now)]);
  return outcome.status;
}
