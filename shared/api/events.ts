import type { RouteContract } from '../route-contracts';
import { eventListQuerySchema, eventSchema } from '../schemas/event';
import { any, type RouteDef } from './route-def';

/** Located events of the tenant (functions/http/events.ts). */
export const EVENTS_ROUTES = [
  {
    id: 'events.list',
    method: 'GET',
    path: '/api/events',
    access: any('ASSET_READ', 'DEVICE_READ'),
    handler: 'events',
  },
] as const satisfies readonly RouteDef[];

export const EVENTS_CONTRACTS = {
  'events.list': { summary: 'List device events', query: eventListQuerySchema, collection: eventSchema },
} as const satisfies Record<(typeof EVENTS_ROUTES)[number]['id'], RouteContract>;
