import type { RouteContract } from '../route-contracts';
import { auditEntrySchema, auditListQuerySchema } from '../schemas/audit-entry';
import { ADMINS, any, type RouteDef } from './route-def';

/** The audit log, read only (functions/http/audit.ts). */
export const AUDIT_ROUTES = [
  // The audit log: every change made through the API, for administrators (and their API credentials); read only.
  { id: 'audit.list', method: 'GET', path: '/api/audit', access: any(...ADMINS), handler: 'audit' },
] as const satisfies readonly RouteDef[];

export const AUDIT_CONTRACTS = {
  'audit.list': {
    summary:
      'The audit log: changes made through the API, newest first, of a period, one action, actor (kind:id) or entity',
    query: auditListQuerySchema,
    collection: auditEntrySchema,
  },
} as const satisfies Record<(typeof AUDIT_ROUTES)[number]['id'], RouteContract>;
