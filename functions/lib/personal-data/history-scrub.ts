import { erasedUserName } from '../../../shared/schemas/personal-data';

/**
 * What an erasure changes in the records of the past that name a person (audit entries, alarms sent): pure, so
 * that the rules are tested alone. The record stays (an audit trail that loses entries proves nothing) and keeps
 * the person's user id, which nothing links to a person any more once the account is gone; their name and login
 * become the pseudonym, their address goes wherever it stands, and the fields of their own account's changes
 * say only that they changed.
 */
export interface ErasedPerson {
  userId: number;
  username: string;
  email: string;
  name: string;
}

type Item = Record<string, unknown>;

/** Key attributes are never rewritten: they hold ids only (docs/data-model.md). */
const isKeyAttribute = (name: string) => name === 'pk' || name === 'sk' || /^gsi\d+(pk|sk)$/.test(name);

/** The account's fields that identify the person; their changes keep no value. */
const IDENTIFYING_FIELDS = new Set(['name', 'username', 'email', 'phone', 'sub']);

const same = (value: unknown, text: string) =>
  typeof value === 'string' && text !== '' && value.trim().toLowerCase() === text.trim().toLowerCase();

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every occurrence of the address, in any string however deep, becomes the pseudonym. */
function withoutAddress(value: unknown, address: RegExp, pseudonym: string): unknown {
  if (typeof value === 'string') return value.replace(address, pseudonym);
  if (Array.isArray(value)) return value.map((entry) => withoutAddress(entry, address, pseudonym));
  if (value && typeof value === 'object' && !(value instanceof Set) && !(value instanceof Uint8Array))
    return Object.fromEntries(
      Object.entries(value).map(([name, entry]) => [name, withoutAddress(entry, address, pseudonym)]),
    );
  return value;
}

/** A copy of the person as a customer's account manager ({ id, name }), wherever a change recorded one. */
function withoutManagerName(value: unknown, person: ErasedPerson, pseudonym: string): unknown {
  if (Array.isArray(value)) return value.map((entry) => withoutManagerName(entry, person, pseudonym));
  if (!value || typeof value !== 'object') return value;
  const object = value as Item;
  if (object.id === person.userId && 'name' in object) return { ...object, name: pseudonym };
  return Object.fromEntries(
    Object.entries(object).map(([name, entry]) => [name, withoutManagerName(entry, person, pseudonym)]),
  );
}

interface Change {
  type?: unknown;
  id?: unknown;
  fields?: Record<string, unknown>;
}

function erasedChange(change: Change, person: ErasedPerson, pseudonym: string): unknown {
  if (change.type === 'USER' && change.id === String(person.userId) && change.fields)
    return {
      ...change,
      fields: Object.fromEntries(
        Object.entries(change.fields).map(([name, field]) => [
          name,
          IDENTIFYING_FIELDS.has(name) ? { hidden: true } : field,
        ]),
      ),
    };
  return withoutManagerName(change, person, pseudonym);
}

function erasedAuditEntry(item: Item, person: ErasedPerson, pseudonym: string): Item {
  const actor = item.actor as { kind?: string; id?: string } | undefined;
  return {
    ...item,
    ...(actor?.kind === 'user' && actor.id === String(person.userId) ? { actor: { ...actor, name: pseudonym } } : {}),
    ...(Array.isArray(item.changes)
      ? { changes: item.changes.map((change: Change) => erasedChange(change, person, pseudonym)) }
      : {}),
  };
}

/** An alarm's handling names people by username: who took each step, and its owner (alarm-handling.ts). */
function erasedHandling(item: Item, person: ErasedPerson, pseudonym: string): Item {
  const owner = item.owner as { id?: number; username?: string } | undefined;
  const erasedOwner = (named: typeof owner) =>
    named && named.id === person.userId ? { ...named, username: pseudonym } : named;
  return {
    ...(same(item.resolvedBy, person.username) ? { resolvedBy: pseudonym } : {}),
    ...(owner?.id === person.userId ? { owner: erasedOwner(owner) } : {}),
    ...(Array.isArray(item.history)
      ? {
          history: item.history.map((step: Item) => ({
            ...step,
            ...(same(step.by, person.username) ? { by: pseudonym } : {}),
            ...(step.owner ? { owner: erasedOwner(step.owner as typeof owner) } : {}),
          })),
        }
      : {}),
  };
}

function erasedSentAlarm(item: Item, person: ErasedPerson, pseudonym: string): Item {
  return {
    ...item,
    ...(same(item.acknowledgedBy, person.username) ? { acknowledgedBy: pseudonym } : {}),
    ...erasedHandling(item, person, pseudonym),
    ...(Array.isArray(item.recipients)
      ? { recipients: item.recipients.map((to) => (same(to, person.email) ? pseudonym : to)) }
      : {}),
  };
}

const BY_KIND: Record<string, (item: Item, person: ErasedPerson, pseudonym: string) => Item> = {
  AUDIT_ENTRY: erasedAuditEntry,
  SENT_ALARM: erasedSentAlarm,
};

/** The item kinds whose records of the past can name a person. */
export const HISTORY_KINDS = Object.keys(BY_KIND);

/**
 * The attributes of a stored item that change when the person is erased (none: undefined). Key attributes
 * are left as they are.
 */
export function erasedAttributes(item: Item, person: ErasedPerson): Item | undefined {
  const pseudonym = erasedUserName(person.userId);
  const byKind = BY_KIND[String(item.entityType)];
  const named = byKind ? byKind(item, person, pseudonym) : item;
  const address = new RegExp(escaped(person.email.trim()), 'gi');
  const changed: Item = {};
  for (const [name, value] of Object.entries(named)) {
    if (isKeyAttribute(name)) continue;
    const erased = person.email.trim() === '' ? value : withoutAddress(value, address, pseudonym);
    if (JSON.stringify(erased) !== JSON.stringify(item[name])) changed[name] = erased;
  }
  return Object.keys(changed).length > 0 ? changed : undefined;
}
