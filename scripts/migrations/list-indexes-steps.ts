import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type AssetRecord, assetListKeys, assetPartition } from '../../functions/lib/assets/asset-repository';
import { dynamo, tableName } from '../../functions/lib/data/client';
import { queryAllPages } from '../../functions/lib/data/query-page';
import { fromItem } from '../../functions/lib/data/repository';
import type { TenantContext } from '../../functions/lib/data/tenant-context';
import { DUE_INDEX, dueKeyOf } from '../../functions/lib/devices/connectivity';
import { type DeviceRecord, deviceListKeys, devicePartition } from '../../functions/lib/devices/device-repository';

/**
 * The data parts of the migration step list-index-keys (scripts/migrations/steps.ts; docs/decisions/0272-list-indexes-project-only-what-lists-filter-and-customer-indexes.md),
 * per tenant, each idempotent and safe while the API writes; with `dryRun` they read and count but write nothing.
 *  - backfill: every asset and device gets its list index keys (gsi8…gsi13, an asset's customer gsi14…gsi18, a
 *    device's connectivity order gsi15; a device's due entry in gsi14 is left as it is)
 *    computed from the item as read, written only where missing or different, conditioned on the version and
 *    on every attribute the keys come from being unchanged (the pipeline and the loan-day job move some of them
 *    without the version): a lost race re-reads and computes again. A rerun only reads: resumable anywhere.
 *  - count: each customer's asset counter (client-asset-count.ts) set from its index, marked `counted`.
 *  - verify: per partition, the table's items equal each list index's entries and each counted counter.
 *  - drop-old: REMOVE gsi1…gsi6 keys from assets and devices, which leave the ALL indexes (and their write cost).
 */
export interface StepOptions {
  dryRun: boolean;
}

export interface EntityMigration {
  type: 'ASSET' | 'DEVICE';
  partition: (ctx: TenantContext) => string;
  keys: (ctx: TenantContext, item: Record<string, unknown>) => Record<string, string>;
  /** What the keys are computed from: unchanged since the read, or the backfill's write is refused. */
  sources: readonly string[];
}

export const MIGRATED: readonly EntityMigration[] = [
  {
    type: 'ASSET',
    partition: assetPartition,
    keys: (ctx, item) => assetListKeys(ctx, fromItem<AssetRecord>(item)),
    sources: ['days_outside_geo_zone', 'reference', 'scheduled', 'client', 'cable_length'],
  },
  {
    type: 'DEVICE',
    partition: devicePartition,
    keys: (ctx, item) => deviceListKeys(ctx, fromItem<DeviceRecord>(item)),
    sources: ['battery_level_low', 'asset', 'name', 'dev_eui', 'activation_date', 'model', 'connectivity'],
  },
];

/** The keys the old layout gave assets and devices (gsi1…gsi6, projection ALL). */
export const OLD_KEYS = [1, 2, 3, 4, 5, 6].flatMap((n) => [`gsi${n}pk`, `gsi${n}sk`]);
/** Every key the new layout may give them (gsi8…gsi18). */
const NEW_KEYS = [8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18].flatMap((n) => [`gsi${n}pk`, `gsi${n}sk`]);

const itemsOf = (ctx: TenantContext, entity: EntityMigration) =>
  queryAllPages({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': entity.partition(ctx) },
  });

/** The keys an item lacks or holds wrong, and the new keys it holds that it should not (a customer left). */
export function keyChanges(item: Record<string, unknown>, wanted: Record<string, string>) {
  const set = Object.fromEntries(Object.entries(wanted).filter(([name, value]) => item[name] !== value));
  // A device's due entry (gsi14, devices/connectivity.ts) is the silent-tag job's key, no list index's: kept.
  const due = dueKeyOf(item);
  const isDueKey = (name: string) => due !== undefined && (name === `${DUE_INDEX}pk` || name === `${DUE_INDEX}sk`);
  const remove = NEW_KEYS.filter((name) => item[name] !== undefined && wanted[name] === undefined && !isDueKey(name));
  return { set, remove };
}

export interface BackfillResult {
  read: number;
  updated: number;
  retried: number;
}

export async function backfillTenant(ctx: TenantContext, options: StepOptions): Promise<BackfillResult> {
  const result: BackfillResult = { read: 0, updated: 0, retried: 0 };
  for (const entity of MIGRATED) {
    for await (const page of itemsOf(ctx, entity)) {
      const due = (page.Items ?? []).filter((item) => {
        const { set, remove } = keyChanges(item, entity.keys(ctx, item));
        return Object.keys(set).length > 0 || remove.length > 0;
      });
      result.read += page.Items?.length ?? 0;
      result.updated += due.length;
      if (options.dryRun) continue;
      const retries = await inPool(due, (item) => writeKeys(ctx, entity, item));
      result.retried += retries.reduce((sum, n) => sum + n, 0);
    }
  }
  return result;
}

const MAX_ATTEMPTS = 5;
/** Writes in flight per page: a backfill of 100k items in minutes, well under on-demand's per-partition pace. */
const CONCURRENCY = 8;

/** Runs `work` over the items, CONCURRENCY at a time, answers in the items' order. */
export async function inPool<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
  return results;
}

/** Writes an item's keys as computed from it; a concurrent change re-reads it. Returns the retries. */
async function writeKeys(ctx: TenantContext, entity: EntityMigration, first: Record<string, unknown>): Promise<number> {
  let item: Record<string, unknown> | undefined = first;
  for (let attempt = 0; attempt < MAX_ATTEMPTS && item; attempt++) {
    const { set, remove } = keyChanges(item, entity.keys(ctx, item));
    if (Object.keys(set).length === 0 && remove.length === 0) return attempt;
    try {
      await dynamo().send(new UpdateCommand(keysUpdate(item, entity.sources, set, remove)));
      return attempt;
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      const read: { Item?: Record<string, unknown> } = await dynamo().send(
        new GetCommand({ TableName: tableName(), Key: { pk: item.pk, sk: item.sk } }),
      );
      item = read.Item; // deleted meanwhile: nothing to do
    }
  }
  if (item) throw new Error(`${item.pk} ${item.sk} kept changing: rerun the backfill`);
  return MAX_ATTEMPTS;
}

/**
 * The source attributes as scalar paths: a map (an asset's customer, a device's asset) by its members, null by
 * its type. Equality of whole maps and of NULL is left out: the stand-in and DynamoDB need not agree on it.
 */
export function scalarConditions(item: Record<string, unknown>, sources: readonly string[]) {
  return sources.flatMap((source) => {
    const value = item[source];
    if (value === null || typeof value !== 'object') return [{ path: [source], value }];
    return Object.entries(value as Record<string, unknown>)
      .filter(([, member]) => member === null || typeof member !== 'object')
      .map(([member, memberValue]) => ({ path: [source, member], value: memberValue }));
  });
}

/** SET/REMOVE the keys if the version and every source attribute are as read. */
export function keysUpdate(
  item: Record<string, unknown>,
  sources: readonly string[],
  set: Record<string, string>,
  remove: readonly string[],
) {
  const names: Record<string, string> = { '#version': 'version' };
  const values: Record<string, unknown> = {};
  const conditions = ['attribute_exists(pk)'];
  conditions.push(item.version === undefined ? 'attribute_not_exists(#version)' : '#version = :version');
  if (item.version !== undefined) values[':version'] = item.version;
  scalarConditions(item, sources).forEach(({ path, value }, i) => {
    const name = path.map((part, j) => {
      names[`#c${i}_${j}`] = part;
      return `#c${i}_${j}`;
    });
    const ref = name.join('.');
    if (value === undefined) conditions.push(`attribute_not_exists(${ref})`);
    else if (value === null) {
      values[':null'] = 'NULL';
      conditions.push(`attribute_type(${ref}, :null)`);
    } else {
      values[`:c${i}`] = value;
      conditions.push(`${ref} = :c${i}`);
    }
  });
  const sets = Object.entries(set).map(([name, value], i) => {
    names[`#k${i}`] = name;
    values[`:k${i}`] = value;
    return `#k${i} = :k${i}`;
  });
  const removes = remove.map((name, i) => {
    names[`#r${i}`] = name;
    return `#r${i}`;
  });
  return {
    TableName: tableName(),
    Key: { pk: item.pk, sk: item.sk },
    UpdateExpression: [
      sets.length ? `SET ${sets.join(', ')}` : '',
      removes.length ? `REMOVE ${removes.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join(' '),
    ConditionExpression: conditions.join(' AND '),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: Object.keys(values).length ? values : undefined,
  };
}

/** How many entries a partition of the table or an index holds (Select COUNT). */
export async function countPartition(index: string | undefined, partition: string): Promise<number> {
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const result = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        ...(index ? { IndexName: index } : {}),
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': index ? `${index}pk` : 'pk' },
        ExpressionAttributeValues: { ':pk': partition },
        Select: 'COUNT',
        ExclusiveStartKey: startKey,
      }),
    );
    count += result.Count ?? 0;
    startKey = result.LastEvaluatedKey;
  } while (startKey);
  return count;
}

export interface DropResult {
  read: number;
  cleaned: number;
}

/** REMOVE the old keys from every asset and device that still has some (the new code never writes them). */
export async function dropOldKeys(ctx: TenantContext, options: StepOptions): Promise<DropResult> {
  const result: DropResult = { read: 0, cleaned: 0 };
  for (const entity of MIGRATED) {
    for await (const page of itemsOf(ctx, entity)) {
      const due = (page.Items ?? []).filter((item) => OLD_KEYS.some((name) => item[name] !== undefined));
      result.read += page.Items?.length ?? 0;
      result.cleaned += due.length;
      if (!options.dryRun) await inPool(due, removeOldKeys);
    }
  }
  return result;
}

async function removeOldKeys(item: Record<string, unknown>): Promise<void> {
  const present = OLD_KEYS.filter((name) => item[name] !== undefined);
  await dynamo()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: item.pk, sk: item.sk },
        UpdateExpression: `REMOVE ${present.map((_, i) => `#o${i}`).join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: Object.fromEntries(present.map((name, i) => [`#o${i}`, name])),
      }),
    )
    .catch((error: Error) => {
      // Deleted meanwhile: nothing left to clean.
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    });
}
