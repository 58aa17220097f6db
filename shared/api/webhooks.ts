import type { RouteContract } from '../route-contracts';
import { paginationQuerySchema } from '../schemas/common';
import {
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookEndpointInputSchema,
  webhookEndpointSchema,
  webhookEndpointUpdateInputSchema,
  webhookSecretRotateInputSchema,
} from '../schemas/webhook';
import { ADMINS, any, type RouteDef } from './route-def';

/** Webhook endpoints of the tenant's ERP and planning systems, and their deliveries (functions/http/webhooks.ts). */
export const WEBHOOKS_ROUTES = [
  // Webhook endpoints of the tenant's ERP and planning systems; administrators only
  { id: 'webhooks.list', method: 'GET', path: '/api/webhook-endpoints', access: any(...ADMINS), handler: 'webhooks' },
  {
    id: 'webhooks.get',
    method: 'GET',
    path: '/api/webhook-endpoints/{id}',
    access: any(...ADMINS),
    handler: 'webhooks',
  },
  {
    id: 'webhooks.create',
    method: 'POST',
    path: '/api/webhook-endpoints',
    access: any(...ADMINS),
    handler: 'webhooks',
  },
  {
    id: 'webhooks.update',
    method: 'PUT',
    path: '/api/webhook-endpoints/{id}',
    access: any(...ADMINS),
    handler: 'webhooks',
  },
  {
    id: 'webhooks.delete',
    method: 'DELETE',
    path: '/api/webhook-endpoints/{id}',
    access: any(...ADMINS),
    handler: 'webhooks',
  },
  {
    id: 'webhooks.rotateSecret',
    method: 'POST',
    path: '/api/webhook-endpoints/{id}/rotate-secret',
    access: any(...ADMINS),
    handler: 'webhooks',
  },
  {
    id: 'webhooks.test',
    method: 'POST',
    path: '/api/webhook-endpoints/{id}/test',
    access: any(...ADMINS),
    handler: 'webhooks',
  },
  {
    id: 'webhooks.deliveries',
    method: 'GET',
    path: '/api/webhook-endpoints/{id}/deliveries',
    access: any(...ADMINS),
    handler: 'webhooks',
  },
  {
    id: 'webhooks.replay',
    method: 'POST',
    path: '/api/webhook-endpoints/{id}/deliveries/{deliveryId}/replay',
    access: any(...ADMINS),
    handler: 'webhooks',
  },
] as const satisfies readonly RouteDef[];

export const WEBHOOKS_CONTRACTS = {
  'webhooks.list': {
    summary: 'List webhook endpoints',
    query: paginationQuerySchema,
    collection: webhookEndpointSchema,
  },
  'webhooks.get': { summary: 'Get a webhook endpoint (never its secret)', response: webhookEndpointSchema },
  'webhooks.create': {
    summary: 'Create a webhook endpoint (the answer holds the signing secret, once)',
    body: webhookEndpointInputSchema,
    response: webhookEndpointSchema,
    status: 201,
    errors: [422],
  },
  'webhooks.update': {
    summary: 'Change a webhook endpoint',
    body: webhookEndpointUpdateInputSchema,
    response: webhookEndpointSchema,
  },
  'webhooks.delete': { summary: 'Delete a webhook endpoint' },
  'webhooks.rotateSecret': {
    summary:
      'Make a new signing secret (the answer holds it, once); the old one signs beside it for 24 hours, or stops at once with revoke_previous',
    body: webhookSecretRotateInputSchema,
    response: webhookEndpointSchema,
  },
  'webhooks.test': {
    summary: 'Send a test event (type webhook.test) to the endpoint',
    response: webhookDeliverySchema,
    status: 202,
  },
  'webhooks.deliveries': {
    summary: 'The delivery log of an endpoint, newest first (kept 30 days)',
    query: paginationQuerySchema,
    collection: webhookDeliverySchema,
  },
  'webhooks.replay': {
    summary: 'Send a logged message again (same webhook-id, so receivers deduplicate)',
    params: webhookDeliveryParamsSchema,
    response: webhookDeliverySchema,
    status: 202,
  },
} as const satisfies Record<(typeof WEBHOOKS_ROUTES)[number]['id'], RouteContract>;
