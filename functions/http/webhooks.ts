import { WEBHOOK_TEST_EVENT_TYPE } from '../../shared/schemas/webhook';
import type { TenantContext } from '../lib/data/tenant-context';
import { parseCollectionQuery } from '../lib/http/collection-query';
import { notFound, unprocessable } from '../lib/http/errors';
import { createHttpHandler, reply, route } from '../lib/http/handler';
import { toCollection } from '../lib/http/hydra';
import { WEBHOOK_MANUAL_SENDS_PER_TENANT } from '../lib/security/limits';
import { enforce } from '../lib/security/rate-limit';
import { deliveriesPage, getDelivery, markReplayQueued, toApiDelivery } from '../lib/webhooks/webhook-deliveries';
import { startDelivery, webhookBody } from '../lib/webhooks/webhook-dispatch';
import {
  createEndpoint,
  rotateEndpointSecret,
  toApiEndpoint,
  updateEndpoint,
  webhookEndpointRepository,
} from '../lib/webhooks/webhook-endpoint-repository';
import { checkUrl } from '../lib/webhooks/webhook-http';
import { enqueueWebhookJobs } from '../lib/webhooks/webhook-queue';

/**
 * Webhook endpoints of the tenant, for administrators: CRUD with versions, the signing
 * secret answered only by create and rotate, the delivery log, replay and a test event. The URL is checked
 * for SSRF on every save (functions/lib/webhooks/webhook-url.ts) and again by the sender before each attempt.
 */
async function checkedUrl(url: string): Promise<string> {
  const check = await checkUrl(url);
  if (!check.ok) throw unprocessable([{ propertyPath: 'url', message: check.reason }]);
  return check.url.toString();
}

const endpointOf = (ctx: TenantContext, id: number) => webhookEndpointRepository.getOrThrow(ctx, id);

/** A message sent by hand (a test, a replay) from the tenant's budget: each is a request to an address it chose. */
const spendManualSend = (tenant: TenantContext) =>
  enforce(WEBHOOK_MANUAL_SENDS_PER_TENANT, `tenant-${tenant.tenantId}`);

export const handler = createHttpHandler('webhooks', {
  'webhooks.list': route({
    run: async ({ auth, rawQuery }) => {
      const request = parseCollectionQuery(rawQuery, { orders: [] });
      const [page, total] = await Promise.all([
        webhookEndpointRepository.page(auth.tenant, { page: request.page, itemsPerPage: request.itemsPerPage }),
        webhookEndpointRepository.count(auth.tenant),
      ]);
      return toCollection(
        '/api/webhook-endpoints',
        request,
        page.items.map((record) => toApiEndpoint(record)),
        total,
      );
    },
  }),
  'webhooks.get': route({ run: async ({ auth, params }) => toApiEndpoint(await endpointOf(auth.tenant, params.id)) }),
  'webhooks.create': route({
    run: async ({ auth, body }) => {
      const url = await checkedUrl(body.url);
      const { record, secret } = await createEndpoint(auth.tenant, { ...body, url });
      return reply(201, toApiEndpoint(record, secret));
    },
  }),
  'webhooks.update': route({
    run: async ({ auth, body, params }) => {
      const { id } = params;
      const { version, ...fields } = body;
      const url = await checkedUrl(fields.url);
      return toApiEndpoint(await updateEndpoint(auth.tenant, id, version, { ...fields, url }));
    },
  }),
  'webhooks.delete': route({
    run: async ({ auth, params }) => {
      // The log stays until its items expire (30 days): nothing reads it once the endpoint is gone.
      await webhookEndpointRepository.remove(auth.tenant, params.id);
      return reply(204);
    },
  }),
  'webhooks.rotateSecret': route({
    run: async ({ auth, body, params }) => {
      const { record, secret } = await rotateEndpointSecret(auth.tenant, params.id, body.version, {
        revokePrevious: body.revoke_previous === true,
      });
      return toApiEndpoint(record, secret);
    },
  }),
  'webhooks.test': route({
    run: async ({ auth, params }) => {
      const endpoint = await endpointOf(auth.tenant, params.id);
      await spendManualSend(auth.tenant);
      const at = new Date().toISOString();
      const body = webhookBody(WEBHOOK_TEST_EVENT_TYPE, at, { endpoint: { id: endpoint.id }, test: true });
      return reply(202, toApiDelivery(await startDelivery(auth.tenant, endpoint, WEBHOOK_TEST_EVENT_TYPE, body, true)));
    },
  }),
  'webhooks.deliveries': route({
    run: async ({ auth, params, rawQuery }) => {
      const endpoint = await endpointOf(auth.tenant, params.id);
      const request = parseCollectionQuery(rawQuery, { orders: [] });
      const items = await deliveriesPage(auth.tenant, endpoint.id, request.page, request.itemsPerPage);
      // No count of a log that may hold 30 days of messages: the total says whether another page may follow.
      const seen = (request.page - 1) * request.itemsPerPage + items.length;
      const total = items.length === request.itemsPerPage ? seen + 1 : seen;
      return toCollection(`/api/webhook-endpoints/${endpoint.id}/deliveries`, request, items.map(toApiDelivery), total);
    },
  }),
  'webhooks.replay': route({
    run: async ({ auth, params }) => {
      const endpoint = await endpointOf(auth.tenant, params.id);
      // A malformed delivery id names no message: the stack answers 404, as for an unknown one.
      const { deliveryId } = params;
      const delivery = await getDelivery(auth.tenant, endpoint.id, deliveryId);
      if (!delivery) throw notFound();
      await spendManualSend(auth.tenant);
      const at = new Date().toISOString();
      await markReplayQueued(auth.tenant, delivery, at);
      await enqueueWebhookJobs([
        { job: { tenantId: auth.tenant.tenantId, endpointId: endpoint.id, deliveryId, manual: true } },
      ]);
      return reply(202, toApiDelivery({ ...delivery, nextAttemptAt: at }));
    },
  }),
});
