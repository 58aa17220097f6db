import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  MAX_WEBHOOK_ENDPOINTS,
  PREVIOUS_SECRET_HOURS,
  WEBHOOK_MESSAGES,
  type WebhookEndpoint,
  type WebhookEventType,
  type WebhookFormat,
} from '../../../shared/schemas/webhook';
import { dynamo, tableName } from '../data/client';
import { itemKey } from '../data/keys';
import { createRepository, type Stored } from '../data/repository';
import type { TenantContext } from '../data/tenant-context';
import { unprocessable } from '../http/errors';
import { decryptSecret, encryptSecret, webhookSigningSecret } from '../kpn-things/secret-cipher';
import { newWebhookSecret } from './webhook-signature';

/** A tenant's webhook endpoint; the signing secret only encrypted (the sender needs it back, so no hash). */
export interface WebhookEndpointRecord extends Stored {
  url: string;
  description: string;
  event_types: WebhookEventType[];
  enabled: boolean;
  /** The body's format; endpoints saved before formats existed have none and are `standard`. */
  format?: WebhookFormat;
  disabled_reason: string | null;
  secret_encrypted: string;
  /** The secret a rotation replaced, still signing beside the new one until `previous_secret_until`. */
  previous_secret_encrypted?: string | null;
  previous_secret_until?: string | null;
  created_at: string;
}

export const WEBHOOK_ENDPOINT_TYPE = 'WEBHOOK_ENDPOINT';
export const webhookEndpointRepository = createRepository<WebhookEndpointRecord>({ type: WEBHOOK_ENDPOINT_TYPE });

export const toApiEndpoint = (record: WebhookEndpointRecord, secret?: string): WebhookEndpoint => ({
  '@id': `/api/webhook-endpoints/${record.id}`,
  '@type': 'WebhookEndpoint',
  id: record.id,
  url: record.url,
  description: record.description,
  event_types: record.event_types,
  enabled: record.enabled,
  format: record.format ?? 'standard',
  disabled_reason: record.disabled_reason ?? null,
  ...(secret ? { secret } : {}),
  created_at: record.created_at,
  version: record.version,
});

export const endpointSecret = (ctx: TenantContext, record: WebhookEndpointRecord) =>
  decryptSecret(record.secret_encrypted, ctx.tenantId, webhookSigningSecret(record.id));

/** The secrets that sign a message now: the current one, and a rotated-out one within its overlap. */
export async function endpointSecrets(ctx: TenantContext, record: WebhookEndpointRecord, now = new Date()) {
  const current = await endpointSecret(ctx, record);
  const previous = record.previous_secret_encrypted;
  const until = record.previous_secret_until ? Date.parse(record.previous_secret_until) : Number.NaN;
  if (!previous || !(until > now.getTime())) return [current];
  return [current, await decryptSecret(previous, ctx.tenantId, webhookSigningSecret(record.id))];
}

/** The tenant's endpoints: at most MAX_WEBHOOK_ENDPOINTS, so one page of one Query. */
export async function endpointsOf(ctx: TenantContext): Promise<WebhookEndpointRecord[]> {
  return (await webhookEndpointRepository.page(ctx, { page: 1, itemsPerPage: MAX_WEBHOOK_ENDPOINTS })).items;
}

type EndpointFields = Pick<WebhookEndpointRecord, 'url' | 'description' | 'event_types' | 'enabled' | 'format'>;

/**
 * Item and count in one transaction whose count update holds the bound: two concurrent creates cannot both
 * pass 20. Answers the record and the secret in clear (the one answer that shows it).
 */
export async function createEndpoint(
  ctx: TenantContext,
  fields: EndpointFields,
): Promise<{ record: WebhookEndpointRecord; secret: string }> {
  const secret = newWebhookSecret();
  const id = await webhookEndpointRepository.nextId(ctx);
  const data = {
    ...fields,
    format: fields.format ?? 'standard',
    disabled_reason: null,
    secret_encrypted: await encryptSecret(secret, ctx.tenantId, webhookSigningSecret(id)),
    created_at: new Date().toISOString(),
  };
  const record = await webhookEndpointRepository.create(ctx, data, {
    id,
    counterCondition: {
      expression: '(attribute_not_exists(#count) OR #count < :max)',
      names: { '#count': 'itemCount' },
      values: { ':max': MAX_WEBHOOK_ENDPOINTS },
    },
    cancelled: () => unprocessable([{ propertyPath: '', message: WEBHOOK_MESSAGES.tooMany }]),
  });
  return { record, secret };
}

export const updateEndpoint = (ctx: TenantContext, id: number, version: number, fields: EndpointFields) =>
  webhookEndpointRepository.update(ctx, id, version, ({ id: _id, version: _v, ...current }) => ({
    ...current,
    ...fields,
    format: fields.format ?? current.format ?? 'standard',
    // Switching it on again is the person's answer to why it was switched off.
    disabled_reason: fields.enabled ? null : current.disabled_reason,
  }));

/**
 * A new secret; the one it replaces keeps signing beside it for PREVIOUS_SECRET_HOURS (a second rotation within
 * them drops the oldest: two secrets sign at most), or with `revokePrevious` no other secret signs from now on
 * (the previous one too, should an earlier rotation's still be signing).
 */
export async function rotateEndpointSecret(
  ctx: TenantContext,
  id: number,
  version: number,
  { revokePrevious = false, now = new Date() }: { revokePrevious?: boolean; now?: Date } = {},
) {
  const secret = newWebhookSecret();
  const secret_encrypted = await encryptSecret(secret, ctx.tenantId, webhookSigningSecret(id));
  const until = new Date(now.getTime() + PREVIOUS_SECRET_HOURS * 3_600_000).toISOString();
  const record = await webhookEndpointRepository.update(ctx, id, version, ({ id: _id, version: _v, ...current }) => ({
    ...current,
    secret_encrypted,
    previous_secret_encrypted: revokePrevious ? null : current.secret_encrypted,
    previous_secret_until: revokePrevious ? null : until,
  }));
  return { record, secret };
}

/**
 * The sender switches an endpoint off when its receiver answers 410 Gone (docs/decisions/0264-webhook-delivery-through-an-sqs-queue-and-a-sender-lambda.md):
 * not a person's save, so the version stays (docs/decisions/0242).
 */
export async function disableEndpoint(ctx: TenantContext, id: number, reason: string): Promise<void> {
  await dynamo()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: itemKey(ctx, WEBHOOK_ENDPOINT_TYPE, id),
        UpdateExpression: 'SET enabled = :off, disabled_reason = :reason',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':off': false, ':reason': reason },
      }),
    )
    .catch(() => undefined);
}
