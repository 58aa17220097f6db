import { Logger } from '@aws-lambda-powertools/logger';
import webpush from 'web-push';
import type { TenantContext } from '../data/tenant-context';
import { postWebhook } from '../webhooks/webhook-http';
import { resolvePushEndpoint } from './push-endpoint';
import { type PushSubscriptionRecord, pushSubscriptionsOf, removePushSubscription } from './push-subscriptions';
import { vapidKeys, vapidSubject } from './vapid-keys';

const logger = new Logger({ serviceName: 'web-push' });

/** What the console's service worker shows (web/public/push-sw.js): a notification that opens `url` when clicked. */
export interface PushMessage {
  title: string;
  body: string;
  /** A console path ("/alarms?id=12"); anything else is replaced by "/" so a message never opens another site. */
  url: string;
  /** Same tag, same notification: a newer message replaces the older one on the device. */
  tag: string;
}

/** A day: an alarm older than that is no news, and push services keep a message at most about that long. */
const TIME_TO_LIVE_SECONDS = 24 * 60 * 60;
/** RFC 8291 leaves 3993 bytes of plaintext in one 4096-byte record; the texts are cut to stay well inside. */
const MAX_TITLE = 200;
const MAX_BODY = 1000;
const MAX_URL = 500;
const MAX_TAG = 100;

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const consolePath = (url: string) => (/^\/(?![/\\])/.test(url) && url.length <= MAX_URL ? url : '/');

export function pushPayload(message: PushMessage): string {
  return JSON.stringify({
    title: cut(message.title, MAX_TITLE),
    body: cut(message.body, MAX_BODY),
    url: consolePath(message.url),
    tag: cut(message.tag, MAX_TAG),
  });
}

/** The Topic header (RFC 8030 5.4) lets a push service replace a queued message with the same tag. */
const topicOf = (tag: string) => (/^[A-Za-z0-9_-]{1,32}$/.test(tag) ? tag : undefined);

type Outcome = 'sent' | 'gone' | 'failed';

async function sendOne(
  ctx: TenantContext,
  userId: number,
  subscription: PushSubscriptionRecord,
  payload: string,
  topic: string | undefined,
): Promise<Outcome> {
  const target = await resolvePushEndpoint(subscription.endpoint);
  if (!target.ok) {
    // Saved under an allow-list that no longer takes it (or a name that now resolves privately): never sent.
    logger.warn('Push endpoint refused', { tenant: ctx.tenantId, user: userId, reason: target.reason });
    return 'failed';
  }
  const { publicKey, privateKey } = await vapidKeys();
  const request = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    payload,
    {
      vapidDetails: { subject: vapidSubject(), publicKey, privateKey },
      TTL: TIME_TO_LIVE_SECONDS,
      contentEncoding: 'aes128gcm',
      urgency: 'high',
      ...(topic ? { topic } : {}),
    },
  );
  const headers = Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), String(value)]),
  );
  const answer = await postWebhook(target.url, target.address, headers, request.body ?? Buffer.alloc(0));
  if (answer.statusCode !== null && answer.statusCode >= 200 && answer.statusCode < 300) return 'sent';
  // RFC 8030 8.3: 404 and 410 say the subscription is gone for good; anything else may pass.
  if (answer.statusCode === 404 || answer.statusCode === 410) {
    await removePushSubscription(ctx, userId, subscription.id);
    return 'gone';
  }
  logger.warn('Push not accepted', {
    tenant: ctx.tenantId,
    user: userId,
    status: answer.statusCode,
    error: answer.error,
  });
  return 'failed';
}

/**
 * Sends one message to every browser the user subscribed (functions/lib/web-push/push-subscriptions.ts), VAPID
 * signed and RFC 8291 encrypted (the `web-push` package), side by side. Never throws for one browser's failure:
 * `sent` counts the push services that took the message, `gone` the subscriptions they said were gone, which
 * are removed. A message that could not be sent is not retried: a push is a nudge, the alarm inbox keeps the
 * alarm (docs/decisions/0318-alarm-channels-teams-slack-and-web-push.md).
 */
export async function pushToUser(
  ctx: TenantContext,
  userId: string,
  message: { title: string; body: string; url: string; tag: string },
): Promise<{ sent: number; gone: number }> {
  if (!/^\d+$/.test(userId)) throw new Error(`Invalid user id: ${userId}`);
  const user = Number(userId);
  const subscriptions = await pushSubscriptionsOf(ctx, user);
  if (subscriptions.length === 0) return { sent: 0, gone: 0 };
  const payload = pushPayload(message);
  const topic = topicOf(message.tag);
  const outcomes = await Promise.all(
    subscriptions.map((subscription) =>
      sendOne(ctx, user, subscription, payload, topic).catch((error): Outcome => {
        logger.error('Push failed', { tenant: ctx.tenantId, user, error: String(error) });
        return 'failed';
      }),
    ),
  );
  return {
    sent: outcomes.filter((outcome) => outcome === 'sent').length,
    gone: outcomes.filter((outcome) => outcome === 'gone').length,
  };
}
