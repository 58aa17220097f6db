import { z } from 'zod';

/**
 * Web Push subscriptions of the signed-in user (docs/decisions/0318-alarm-channels-teams-slack-and-web-push.md):
 * what a browser's PushSubscription.toJSON() holds. The endpoint's form is checked here; whether its host is a
 * push service the product sends to is the server's (functions/lib/web-push/push-endpoint.ts), as it depends on
 * where the product runs.
 */
export const PUSH_ENDPOINT_INVALID = 'The endpoint must be an https URL of a browser push service';
export const PUSH_P256DH_INVALID = 'p256dh must be an uncompressed P-256 public key (65 bytes, base64url)';
export const PUSH_AUTH_INVALID = 'auth must be a 16-byte secret (base64url)';
export const PUSH_ENDPOINT_MAX = 2048;

// 65 bytes starting 0x04 read as base64url: 87 characters, the first a "B"; padding is allowed and dropped.
const P256DH = /^B[A-Za-z0-9_-]{86}=?$/;
const AUTH = /^[A-Za-z0-9_-]{22}(==)?$/;

export const pushSubscriptionInputSchema = z.object({
  endpoint: z
    .string({ error: PUSH_ENDPOINT_INVALID })
    .max(PUSH_ENDPOINT_MAX, { error: PUSH_ENDPOINT_INVALID })
    .refine((value) => URL.canParse(value), { error: PUSH_ENDPOINT_INVALID }),
  expirationTime: z.number().nullish(),
  keys: z.object({
    p256dh: z.string({ error: PUSH_P256DH_INVALID }).regex(P256DH, { error: PUSH_P256DH_INVALID }),
    auth: z.string({ error: PUSH_AUTH_INVALID }).regex(AUTH, { error: PUSH_AUTH_INVALID }),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

/** A subscription as answered: never its keys, and of its endpoint only the push service's origin. */
export const pushSubscriptionSchema = z.object({
  '@id': z.string(),
  id: z.string(),
  push_service: z.string(),
  created_at: z.string(),
});

export const pushSubscriptionListSchema = z.object({ subscriptions: z.array(pushSubscriptionSchema) });

export const vapidPublicKeySchema = z.object({ public_key: z.string() });

export const PUSH_SUBSCRIPTION_ID = /^[A-Za-z0-9_-]{32}$/;
export const pushSubscriptionParamsSchema = z.object({ subscriptionId: z.string().regex(PUSH_SUBSCRIPTION_ID) });
