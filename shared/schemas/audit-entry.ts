import { z } from 'zod';
import { dateFilter, jsonLdShape, paginationQuerySchema, textFilter } from './common';

/** Who made a change: a person (by their user id) or an API credential (by its client id). */
export const auditActorSchema = z.object({
  kind: z.enum(['user', 'apiCredential']),
  id: z.string(),
  /** The login name at the time (a credential's name is its client id). */
  name: z.string(),
  /** Set when a super admin acted in a tenant other than their own: the tenant they came from. */
  fromTenantId: z.string().optional(),
});
export type AuditActor = z.infer<typeof auditActorSchema>;

/** The entity a change was made to, as its route names it: the module and the id in the path or the answer. */
export const auditEntitySchema = z.object({ type: z.string(), id: z.string() });

/**
 * One field's change. A secret's change is only `hidden`; a value too long to keep is `{ cut, chars }`; contact
 * details are masked (functions/lib/audit/field-changes.ts).
 */
export const auditFieldChangeSchema = z.object({
  old: z.unknown().optional(),
  new: z.unknown().optional(),
  hidden: z.literal(true).optional(),
});
export type AuditFieldChange = z.infer<typeof auditFieldChangeSchema>;

/** What a request did to one entity: made, changed (the fields that differ) or removed. */
export const auditChangeSchema = z.object({
  type: z.string(),
  id: z.string(),
  kind: z.enum(['created', 'updated', 'removed']),
  fields: z.record(z.string(), auditFieldChangeSchema),
  /** Fields beyond those recorded. */
  moreFields: z.number().int().optional(),
});
export type AuditChange = z.infer<typeof auditChangeSchema>;

/**
 * One change, as recorded once the write answered 2xx (functions/lib/audit/). Append-only: no route changes or
 * removes an entry; DynamoDB's TTL removes it after the tenant's retention.
 */
export const auditEntrySchema = z.object({
  ...jsonLdShape,
  id: z.string(),
  at: z.string(),
  /** The route id (shared/routes.ts): what was done, e.g. assets.update. */
  action: z.string(),
  method: z.string(),
  path: z.string(),
  status: z.number().int(),
  entity: auditEntitySchema.nullable(),
  actor: auditActorSchema,
  ip: z.string(),
  userAgent: z.string(),
  requestId: z.string(),
  /** The entities the request wrote, with their fields' old and new values (absent on the oldest entries). */
  changes: z.array(auditChangeSchema).optional(),
  /** Entities written beyond those recorded. */
  moreChanges: z.number().int().optional(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /api/audit: newest first, of a period, narrowed to one action, actor or entity. */
export const auditListQuerySchema = paginationQuerySchema.extend({
  'at[after]': dateFilter(),
  'at[before]': dateFilter(),
  action: textFilter(100),
  actor: textFilter(100),
  entityType: textFilter(100),
  entityId: textFilter(100),
});
