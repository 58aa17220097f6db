import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuditChange } from '../../../shared/schemas/audit-entry';
import { fieldChanges } from './field-changes';

/**
 * The entity changes one request made, noted where the writes are built (the repository's create, update and
 * remove) and read by the handler layer when it writes the request's audit entry. The notes live in the
 * request's async context, so concurrent requests of one process never mix, and code outside a request (the
 * pipeline, the jobs) notes nothing. A write built but then refused leaves its note behind, harmlessly: only a
 * request that answered 2xx is audited.
 */
const notes = new AsyncLocalStorage<Map<string, AuditChange>>();

/** At most this many entities per request are recorded; the rest are counted (a bulk import moves hundreds). */
export const CHANGES_MAX = 20;

/** Runs a request's work and answers its result with the changes it noted, at most CHANGES_MAX of them. */
export async function collectChanges<T>(
  work: () => Promise<T>,
): Promise<{ result: T; changes: AuditChange[]; moreChanges: number }> {
  const noted = new Map<string, AuditChange>();
  const result = await notes.run(noted, work);
  const changes = [...noted.values()];
  return { result, changes: changes.slice(0, CHANGES_MAX), moreChanges: Math.max(0, changes.length - CHANGES_MAX) };
}

type Fields = Record<string, unknown>;

/**
 * Notes a change of one entity of this request. A write built again for the same entity (a retry after a
 * conflict re-reads and rebuilds it) replaces the earlier note: the last one built is the one that was written.
 */
function note(type: string, id: number | string, kind: AuditChange['kind'], before?: Fields, after?: Fields) {
  const noted = notes.getStore();
  if (!noted) return;
  noted.set(`${type}#${id}`, { type, id: String(id), kind, ...fieldChanges(before, after) });
}

export const noteCreated = (type: string, id: number | string, after: Fields) =>
  note(type, id, 'created', undefined, after);
export const noteUpdated = (type: string, id: number | string, before: Fields, after: Fields) =>
  note(type, id, 'updated', before, after);
/** A removal read nothing first, so it names no fields. */
export const noteRemoved = (type: string, id: number | string) => note(type, id, 'removed');
