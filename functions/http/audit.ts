import { auditEntrySchema, auditListQuerySchema } from '../../shared/schemas/audit-entry';
import { type AuditFilter, auditQuery } from '../lib/audit/audit-log';
import { countMatches, queryPage } from '../lib/data/query-page';
import { fromItem } from '../lib/data/repository';
import { allowListOf } from '../lib/http/allow-list';
import { parseCollectionQuery } from '../lib/http/collection-query';
import { unprocessable } from '../lib/http/errors';
import { createHttpHandler, route } from '../lib/http/handler';
import { toCollection } from '../lib/http/hydra';
import { validate } from '../lib/http/validation';

/**
 * The audit log (GET /api/audit): what people and API credentials changed in the tenant, newest first. Entries
 * are written by the handler layer after every write (functions/lib/http/handler.ts); no route changes one.
 * Administrators only (the route table); client users and staff without the role get 403 there.
 */
const TOTAL_CAP = 20_000;
const present = allowListOf(auditEntrySchema);

const ENTITY_HALF = 'entityType and entityId go together';

function filterOf(input: ReturnType<typeof auditListQuerySchema.parse>): AuditFilter {
  if (Boolean(input.entityType) !== Boolean(input.entityId))
    throw unprocessable([{ propertyPath: input.entityType ? 'entityId' : 'entityType', message: ENTITY_HALF }]);
  return {
    after: input['at[after]'] && new Date(input['at[after]']).toISOString(),
    before: input['at[before]'] && new Date(input['at[before]']).toISOString(),
    action: input.action,
    actor: input.actor,
    entity: input.entityType && input.entityId ? { type: input.entityType, id: input.entityId } : undefined,
  };
}

export const handler = createHttpHandler('audit', {
  'audit.list': route({
    run: async ({ auth, rawQuery }) => {
      const input = validate(auditListQuerySchema, Object.fromEntries(new URLSearchParams(rawQuery)));
      const collection = parseCollectionQuery(rawQuery, {});
      const read = auditQuery(auth.tenant, filterOf(input));
      const [{ items }, total] = await Promise.all([
        queryPage(read, collection.page, collection.itemsPerPage),
        countMatches(read, TOTAL_CAP),
      ]);
      const members = items.map((item) => {
        const entry = fromItem<Record<string, unknown>>(item);
        return present({
          ...entry,
          '@id': `/api/audit/${encodeURIComponent(String(entry.id))}`,
          '@type': 'AuditEntry',
        });
      });
      return toCollection('/api/audit', collection, members, total);
    },
  }),
});
