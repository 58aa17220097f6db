import { z } from 'zod';
import { entityIdSchema, jsonLdShape, plainText, tooLong, versionSchema, versionShape } from './common';

/**
 * Webhook endpoints of a tenant: the tenants' ERP and planning systems subscribe to domain
 * events, delivered signed as the Standard Webhooks specification says (docs/decisions/new-webhooks-*.md).
 * The event type names are the contract with those systems: a name never changes once published.
 */
export const WEBHOOK_EVENT_TYPES = [
  'alarm.raised',
  'alarm.cleared',
  'zone.entered',
  'zone.left',
  'pickup.requested',
  'pickup.confirmed',
  'loan_day.counted',
  'delivery.reported',
  'delivery.confirmed',
  'rental_contract.overdue',
  'rental_contract.over_billed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** The "send test event" action's type: never subscribed to, always sent when asked for. */
export const WEBHOOK_TEST_EVENT_TYPE = 'webhook.test';

/** At most this many endpoints a tenant: each event costs a write and a send per subscribed endpoint. */
export const MAX_WEBHOOK_ENDPOINTS = 20;
/**
 * How long a rotated-out signing secret still signs beside the new one (Standard Webhooks: several
 * space-separated signatures, any one valid), so a receiver has a day to deploy the new secret.
 */
export const PREVIOUS_SECRET_HOURS = 24;
export const WEBHOOK_URL_MAX = 2048;
/**
 * The body an endpoint receives (docs/webhooks.md "Body formats"): the Standard Webhooks JSON, or a chat message
 * for a Microsoft Teams channel (an Adaptive Card) or a Slack channel (Block Kit), made from the same event.
 */
export const WEBHOOK_FORMATS = ['standard', 'teams', 'slack'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];
export const WEBHOOK_DESCRIPTION_MAX = 200;

export const WEBHOOK_MESSAGES = {
  urlRequired: 'The URL is required',
  urlInvalid: 'Must be a valid URL such as https://erp.example.com/webhooks',
  eventTypesRequired: 'Choose at least one event type',
  eventTypeUnknown: 'Unknown event type',
  tooMany: `A tenant can have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints`,
  formatUnknown: 'The format must be standard, teams or slack',
} as const;

const eventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES, { error: WEBHOOK_MESSAGES.eventTypeUnknown });

const urlSchema = z
  .string({ error: WEBHOOK_MESSAGES.urlRequired })
  .trim()
  .min(1, { error: WEBHOOK_MESSAGES.urlRequired })
  .max(WEBHOOK_URL_MAX, { error: tooLong(WEBHOOK_URL_MAX) })
  .refine((value) => URL.canParse(value), { error: WEBHOOK_MESSAGES.urlInvalid });

const inputShape = {
  url: urlSchema,
  description: plainText()
    .trim()
    .max(WEBHOOK_DESCRIPTION_MAX, { error: tooLong(WEBHOOK_DESCRIPTION_MAX) })
    .default(''),
  event_types: z
    .array(eventTypeSchema, { error: WEBHOOK_MESSAGES.eventTypesRequired })
    .min(1, { error: WEBHOOK_MESSAGES.eventTypesRequired })
    .max(WEBHOOK_EVENT_TYPES.length)
    .transform((types) => [...new Set(types)]),
  enabled: z.boolean().default(true),
  /** Absent: a new endpoint is `standard`, a saved one keeps its format. */
  format: z.enum(WEBHOOK_FORMATS, { error: WEBHOOK_MESSAGES.formatUnknown }).optional(),
};

export const webhookEndpointInputSchema = z.object(inputShape);
export type WebhookEndpointInput = z.input<typeof webhookEndpointInputSchema>;
export const webhookEndpointUpdateInputSchema = z.object({ ...inputShape, ...versionShape });
export type WebhookEndpointUpdateInput = z.input<typeof webhookEndpointUpdateInputSchema>;
/** Rotating the secret is a save of the endpoint: it takes the version read. */
/**
 * A rotation: the old secret keeps signing beside the new one for PREVIOUS_SECRET_HOURS (a planned change), or,
 * with `revoke_previous`, stops at once (a secret that leaked: every signature it could still make is a forgery
 * the receiver would trust).
 */
export const webhookSecretRotateInputSchema = z.object({
  version: versionSchema,
  revoke_previous: z.boolean().optional(),
});

/** The secret (`whsec_...`) is only in the answers of create and rotate: shown once. */
export const webhookEndpointSchema = z.object({
  ...jsonLdShape,
  id: entityIdSchema,
  url: z.string(),
  description: z.string(),
  event_types: z.array(z.string()),
  enabled: z.boolean(),
  format: z.enum(WEBHOOK_FORMATS),
  /** Why the sender disabled it (a 410 Gone from the receiver), null otherwise. */
  disabled_reason: z.string().nullable(),
  secret: z.string().optional(),
  created_at: z.string(),
  ...versionShape,
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'retrying', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const webhookAttemptSchema = z.object({
  at: z.string(),
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int(),
  manual: z.boolean(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

/** One message to one endpoint: its log of attempts and the payload kept for replay. */
export const webhookDeliverySchema = z.object({
  ...jsonLdShape,
  id: z.string(),
  endpoint_id: entityIdSchema,
  event_type: z.string(),
  created_at: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempt_count: z.number().int(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  attempts: z.array(webhookAttemptSchema),
  payload: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** Message ids: `msg_` + time (base 36) + random, so a partition read newest first is the log's order. */
export const WEBHOOK_DELIVERY_ID = /^msg_[0-9a-z]{9}[0-9a-f]{16}$/;
export const webhookDeliveryParamsSchema = z.object({ deliveryId: z.string().regex(WEBHOOK_DELIVERY_ID) });
