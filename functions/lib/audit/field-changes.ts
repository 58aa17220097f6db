import { isDeepStrictEqual } from 'node:util';
import type { AuditChange, AuditFieldChange } from '../../../shared/schemas/audit-entry';

/**
 * What a change did to an entity's fields, as the audit log keeps it: old and new values of the fields that
 * differ, never a secret's value, personal contact details masked, every value and count bounded so that an
 * entry stays far below DynamoDB's 400 KB item limit whatever an entity holds (a zone's polygon, a long note).
 */

/** Attributes that are the table's bookkeeping, not the entity's fields. */
const BOOKKEEPING = new Set(['id', 'version', 'pk', 'sk', 'entityType', 'tenantId', 'expiresAt']);
const isBookkeeping = (name: string) => BOOKKEEPING.has(name) || /^gsi\d+(pk|sk)$/.test(name);

/** Secrets, their hashes and anything derived from them: the entry says the field changed, never to what. */
const SECRET = /secret|password|hash|cipher|private|salt|token|credential/i;
/** Contact details: kept recognisable for the reader, not readable in full. */
const PERSONAL = /(^|_)(e?mail|phone|mobile)$|Email$|Phone$/i;

/** A value longer than this (as JSON) is recorded by its length only. */
export const VALUE_MAX_CHARS = 400;
/** At most this many fields per entity; the rest are counted. */
export const FIELDS_MAX = 40;

/** A creation's empty fields (null, '', [], {}) say nothing; only what the entity was made with is kept. */
const isEmpty = (value: unknown) =>
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && Object.keys(value as object).length === 0);

const stored = (value: unknown) => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

export function maskPersonal(value: unknown): unknown {
  if (typeof value !== 'string' || value === '') return value;
  const at = value.indexOf('@');
  if (at > 0) return `${value[0]}…${value.slice(at)}`;
  return value.length > 2 ? `…${value.slice(-2)}` : '…';
}

function recorded(name: string, value: unknown): unknown {
  const shown = PERSONAL.test(name) ? maskPersonal(value) : value;
  const json = JSON.stringify(shown);
  return json !== undefined && json.length > VALUE_MAX_CHARS ? { cut: true, chars: json.length } : stored(shown);
}

function fieldChange(name: string, old: unknown, next: unknown): AuditFieldChange {
  if (SECRET.test(name)) return { hidden: true };
  return {
    ...(old === undefined ? {} : { old: recorded(name, old) }),
    ...(next === undefined ? {} : { new: recorded(name, next) }),
  };
}

/**
 * The fields that differ between `before` (undefined for a creation) and `after` (undefined for a removal).
 * An attribute the writer left out of `after` is not a change (the writer writes only what it built).
 */
export function fieldChanges(
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
): Pick<AuditChange, 'fields' | 'moreFields'> {
  const names = Object.keys(after ?? before ?? {}).filter((name) => !isBookkeeping(name));
  const fields: Record<string, AuditFieldChange> = {};
  let count = 0;
  for (const name of names.sort()) {
    const old = before?.[name];
    const next = after?.[name];
    if (after && isDeepStrictEqual(stored(old), stored(next))) continue;
    if (!before && isEmpty(next)) continue;
    count += 1;
    if (count <= FIELDS_MAX) fields[name] = fieldChange(name, old, next);
  }
  return count > FIELDS_MAX ? { fields, moreFields: count - FIELDS_MAX } : { fields };
}
