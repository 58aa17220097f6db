import type { RouteContract } from '../route-contracts';
import { paginationQuerySchema } from '../schemas/common';
import { pickupSchema } from '../schemas/pickup';
import { any, type RouteDef } from './route-def';

/**
 * Pickups (functions/http/pickups.ts): the assets waiting for a pickup, for everybody who sees assets (client
 * users their customer's).
 */
export const PICKUPS_ROUTES = [
  { id: 'pickups.list', method: 'GET', path: '/api/pickups', access: any('ASSET_READ'), handler: 'pickups' },
] as const satisfies readonly RouteDef[];

export const PICKUPS_CONTRACTS = {
  'pickups.list': {
    summary: "Assets reported empty and waiting for a pickup, longest waiting first (the caller's scope)",
    query: paginationQuerySchema,
    collection: pickupSchema,
  },
} as const satisfies Record<(typeof PICKUPS_ROUTES)[number]['id'], RouteContract>;
