import { tableName } from '../../functions/lib/data/client';
import { typePartition } from '../../functions/lib/data/keys';
import { queryAllPages } from '../../functions/lib/data/query-page';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import type { TenantContext } from '../../functions/lib/data/tenant-context';
import { assetSearchText, deviceSearchText } from '../../functions/lib/search/entity-texts';
import { gramPartition, postingItems, type SearchEntity } from '../../functions/lib/search/gram-index';
import { tenantRepository } from '../../functions/lib/tenants/tenant-repository';
import { batchPut } from '../seed/batch-write';

/**
 * Rewrites a tenant's search postings in the current format from its items, for a local table written before
 * the postings kept positions (decision record 0278): every posting is put whole, and a posting no text holds
 * any more is put empty (the search skips it). In bulk, so 100k items take a minute, not 100k transactions:
 * only at `npm start`, before the API listens, when nothing else writes. A deployed table uses
 * `npm run repair:search`, safe while the API writes.
 */
const TEXT_ATTRIBUTES: Record<SearchEntity, string[]> = {
  ASSET: ['id', 'name', 'reference'],
  DEVICE: ['id', 'name', 'model', 'barcode', 'asset', 'dev_eui'],
};

async function keysOf(pk: string, attributes: string[]) {
  const items: Record<string, unknown>[] = [];
  const pages = queryAllPages({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': pk },
    ProjectionExpression: attributes.map((_, i) => `#a${i}`).join(', '),
    ExpressionAttributeNames: Object.fromEntries(attributes.map((name, i) => [`#a${i}`, name])),
  });
  for await (const page of pages) items.push(...(page.Items ?? []));
  return items;
}

export async function rebuildPostings(ctx: TenantContext, entity: SearchEntity): Promise<number> {
  const items = await keysOf(typePartition(ctx, entity), TEXT_ATTRIBUTES[entity]);
  const text = (item: Record<string, unknown>) =>
    entity === 'ASSET' ? assetSearchText(item as never) : deviceSearchText(item as never);
  const postings = postingItems(
    ctx,
    entity,
    items.map((item) => ({ id: Number(item.id), text: text(item) })),
  );
  const kept = new Set(postings.map((posting) => posting.sk));
  const pk = gramPartition(ctx, entity);
  const stale = (await keysOf(pk, ['sk'])).filter((item) => !kept.has(String(item.sk)));
  await batchPut([...postings, ...stale.map((item) => ({ pk, sk: item.sk }))], 8);
  return postings.length;
}

/** Every tenant's postings of both entities (`npm start` on an older local table). */
export async function rebuildAllPostings(): Promise<number> {
  let postings = 0;
  for (const tenant of await tenantRepository.list()) {
    const ctx = systemTenantContext(tenant.id);
    for (const entity of ['ASSET', 'DEVICE'] as const) postings += await rebuildPostings(ctx, entity);
  }
  return postings;
}
