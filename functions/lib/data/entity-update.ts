import { isDeepStrictEqual } from 'node:util';
import { tableName } from './client';
import { itemKey } from './keys';
import type { TenantContext } from './tenant-context';

/**
 * A person's save as an UpdateItem of only what it changed (docs/decisions/0242-versions-are-for-people-s-saves-tags-move-no-version.md). The item also
 * holds attributes other writers own (the event pipeline's last position, battery and zone state, the loan-day
 * job's counters), which move without the version; a Put of the whole item read before them would put their
 * older values back. Here an attribute is written only when `after` differs from `before` (the item as read),
 * so whatever anyone else wrote meanwhile stays. The version condition stays: two people still cannot both
 * win, and the version moves only with people's edits.
 */
export interface VersionedEntity {
  id: number;
  version: number;
}

type IndexKeysOf<T> = (ctx: TenantContext, item: T) => Record<string, string | undefined>;

export interface EntityUpdate {
  TableName: string;
  Key: Record<string, string>;
  UpdateExpression: string;
  ConditionExpression: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues: Record<string, unknown>;
}

/** Compares the way the item is stored: undefined members vanish, key order does not matter. */
const stored = (value: unknown) => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

/**
 * The attributes of `after` that differ from `before` (an attribute absent from `after` is left alone: only
 * what the writer built is its own), and the index keys that moved (removed when `after` has none).
 */
export function changedAttributes<T extends VersionedEntity>(
  ctx: TenantContext,
  before: T,
  after: T,
  indexKeys?: IndexKeysOf<T>,
): { set: Record<string, unknown>; remove: string[] } {
  const set: Record<string, unknown> = {};
  const remove: string[] = [];
  for (const [name, value] of Object.entries(after)) {
    if (name === 'id' || name === 'version') continue;
    const was = (before as unknown as Record<string, unknown>)[name];
    if (value === undefined) {
      if (was !== undefined) remove.push(name);
    } else if (!isDeepStrictEqual(stored(value), stored(was))) set[name] = value;
  }
  const oldKeys = indexKeys?.(ctx, before) ?? {};
  const newKeys = indexKeys?.(ctx, after) ?? {};
  for (const [name, value] of Object.entries(newKeys)) if (value !== oldKeys[name]) set[name] = value;
  for (const name of Object.keys(oldKeys)) if (newKeys[name] === undefined) remove.push(name);
  return { set, remove };
}

/**
 * The UpdateItem (for a transaction's `Update` or an UpdateCommand) that writes `after` over `before`: the
 * changed attributes, `version` = before.version + 1, on the condition that the item exists at before.version.
 */
export function entityUpdate<T extends VersionedEntity>(
  ctx: TenantContext,
  type: string,
  before: T,
  after: T,
  indexKeys?: IndexKeysOf<T>,
): EntityUpdate {
  const { set, remove } = changedAttributes(ctx, before, after, indexKeys);
  const names: Record<string, string> = { '#version': 'version' };
  const values: Record<string, unknown> = { ':expected': before.version, ':next': before.version + 1 };
  const sets = ['#version = :next'];
  Object.entries(set).forEach(([name, value], i) => {
    names[`#s${i}`] = name;
    values[`:s${i}`] = value;
    sets.push(`#s${i} = :s${i}`);
  });
  const removes = remove.map((name, i) => {
    names[`#r${i}`] = name;
    return `#r${i}`;
  });
  return {
    TableName: tableName(),
    Key: itemKey(ctx, type, before.id),
    UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
    ConditionExpression: 'attribute_exists(pk) AND #version = :expected',
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}
