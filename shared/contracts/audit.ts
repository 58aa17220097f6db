import { auditEntrySchema, auditListQuerySchema } from '../schemas/audit-entry';

/** The audit log: read only; no route writes or removes an entry (the handler layer records them). */
export const AUDIT_CONTRACTS = {
  'audit.list': {
    summary:
      'The audit log: changes made through the API, newest first, of a period, one action, actor (kind:id) or entity',
    query: auditListQuerySchema,
    collection: auditEntrySchema,
  },
} as const;
