import type { RouteContract } from '../route-contracts';
import { paginationQuerySchema } from '../schemas/common';
import { gatewayInputSchema, gatewaySchema } from '../schemas/gateway';
import { any, type RouteDef } from './route-def';

/** LoRaWAN gateways as IoT things bound to the tenant (functions/http/gateways.ts). */
export const GATEWAYS_ROUTES = [
  // LoRaWAN gateways as IoT things bound to the tenant (functions/http/gateways.ts).
  { id: 'gateways.list', method: 'GET', path: '/api/gateways', access: any('GATEWAYS'), handler: 'gateways' },
  { id: 'gateways.create', method: 'POST', path: '/api/gateways', access: any('GATEWAYS'), handler: 'gateways' },
  { id: 'gateways.get', method: 'GET', path: '/api/gateways/{id}', access: any('GATEWAYS'), handler: 'gateways' },
  { id: 'gateways.delete', method: 'DELETE', path: '/api/gateways/{id}', access: any('GATEWAYS'), handler: 'gateways' },
] as const satisfies readonly RouteDef[];

export const GATEWAYS_CONTRACTS = {
  'gateways.list': { summary: 'List LoRaWAN gateways', query: paginationQuerySchema, collection: gatewaySchema },
  'gateways.create': {
    summary: 'Register a gateway: its IoT thing and certificate (the answer holds the private key, once)',
    body: gatewayInputSchema,
    response: gatewaySchema,
    status: 201,
  },
  'gateways.get': { summary: 'A LoRaWAN gateway (never its private key)', response: gatewaySchema },
  'gateways.delete': { summary: 'Delete a gateway: its certificate is revoked and its thing removed' },
} as const satisfies Record<(typeof GATEWAYS_ROUTES)[number]['id'], RouteContract>;
