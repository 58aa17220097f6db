import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../data/client';
import { itemKey } from '../data/keys';
import { queryAllPages } from '../data/query-page';
import type { TenantContext } from '../data/tenant-context';
import { assetPartition } from './asset-repository';
import {
  catalogueEntryRemoval,
  catalogueEntryWrite,
  searchPartition,
  searchText,
  writeWithCatalogue,
} from './asset-search-catalogue';

/**
 * Brings a tenant's search catalogue back in line with its assets (scripts/repair-search-catalogue.ts): for
 * data written before the catalogue existed, or after a write that bypassed the repositories. Safe while the
 * API writes: each fix is a small transaction that also checks the asset is still as read (its `version`,
 * or its absence), so a concurrent save, which writes its own entry, is never overwritten; such a fix is
 * skipped and counted.
 */
export interface CatalogueRepair {
  assets: number;
  entries: number;
  set: number;
  removed: number;
  /** Fixes not made because the asset changed meanwhile (its own write set the entry). */
  skipped: number;
}

interface AssetText {
  id: number;
  version?: number;
  name: string;
  reference: string | null;
}

async function queryAll(input: Parameters<typeof queryAllPages>[0]) {
  const items: Record<string, unknown>[] = [];
  for await (const page of queryAllPages(input)) items.push(...(page.Items ?? []));
  return items;
}

const readAssets = async (ctx: TenantContext) =>
  (await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': assetPartition(ctx) },
    ProjectionExpression: '#id, #version, #name, #reference',
    ExpressionAttributeNames: { '#id': 'id', '#version': 'version', '#name': 'name', '#reference': 'reference' },
  })) as unknown as AssetText[];

async function readEntries(ctx: TenantContext): Promise<Map<number, string>> {
  const shards = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': searchPartition(ctx) },
    ProjectionExpression: 'entries',
  });
  const entries = new Map<number, string>();
  for (const shard of shards) {
    for (const [id, text] of Object.entries((shard.entries ?? {}) as Record<string, string>)) {
      entries.set(Number(id), text);
    }
  }
  return entries;
}

/** Runs one fix; false when its check failed (the asset changed meanwhile). */
async function fix(run: () => Promise<void>): Promise<boolean> {
  try {
    await run();
    return true;
  } catch (error) {
    if (error instanceof TransactionCanceledException) return false;
    throw error;
  }
}

const transact = async (items: ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']) => {
  await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
};

export async function repairSearchCatalogue(ctx: TenantContext): Promise<CatalogueRepair> {
  const [assets, entries] = await Promise.all([readAssets(ctx), readEntries(ctx)]);
  const report: CatalogueRepair = { assets: assets.length, entries: entries.size, set: 0, removed: 0, skipped: 0 };
  for (const asset of assets) {
    if (entries.get(asset.id) === searchText(asset)) continue;
    const unchanged = {
      ConditionCheck: {
        TableName: tableName(),
        Key: itemKey(ctx, 'ASSET', asset.id),
        // An item written around the repositories may lack a version: then it must still lack one.
        ...(asset.version === undefined
          ? { ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(version)' }
          : { ConditionExpression: 'version = :version', ExpressionAttributeValues: { ':version': asset.version } }),
      },
    };
    const done = await fix(() =>
      writeWithCatalogue(ctx, asset.id, [unchanged, catalogueEntryWrite(ctx, asset)], 1, transact),
    );
    report[done ? 'set' : 'skipped']++;
  }
  const ids = new Set(assets.map((asset) => asset.id));
  for (const id of entries.keys()) {
    if (ids.has(id)) continue;
    const gone = {
      ConditionCheck: {
        TableName: tableName(),
        Key: itemKey(ctx, 'ASSET', id),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    };
    const done = await fix(() => transact([gone, catalogueEntryRemoval(ctx, id)]));
    report[done ? 'removed' : 'skipped']++;
  }
  return report;
}
