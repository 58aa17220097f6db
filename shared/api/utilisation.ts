import type { RouteContract } from '../route-contracts';
import { utilisationQuerySchema, utilisationReportSchema } from '../schemas/utilisation';
import { any, type RouteDef } from './route-def';

/**
 * Utilisation (functions/http/utilisation.ts): per month, asset profile and customer, days on hire against days
 * owned, idle days at a depot and the average cycle time. Figures only, no zone or visit: a client user may
 * read them, for their own customer's assets only (the handler's scope, as the asset list's).
 */
export const UTILISATION_ROUTES = [
  {
    id: 'utilisation.report',
    method: 'GET',
    path: '/api/utilisation',
    access: any('ASSET_READ'),
    handler: 'utilisation',
  },
] as const satisfies readonly RouteDef[];

export const UTILISATION_CONTRACTS = {
  'utilisation.report': {
    summary: 'Utilisation per month (at most 12), asset profile and customer: days on hire, idle, cycles',
    query: utilisationQuerySchema,
    response: utilisationReportSchema,
  },
} as const satisfies Record<(typeof UTILISATION_ROUTES)[number]['id'], RouteContract>;
