import { ACCESS_PATTERNS } from '../../../shared/table';
import { tableName } from '../data/client';
import { pad, tenantPrefix } from '../data/keys';
import { queryAllPages } from '../data/query-page';
import type { TenantContext } from '../data/tenant-context';

/**
 * The open visits ("who is inside a zone now") the visits processor keeps on gsi2 (docs/data-model.md,
 * "Zone visits"): `gsi2pk = T#<t>#ZONE_INSIDE`, `gsi2sk = <zoneId padded>#<assetId padded>`, removed when the
 * asset leaves. One zone is a `begins_with` on the sort key; all zones one Query chain of the partition.
 * Only the attributes the counts need are read (the index projects ALL; the projection trims the answer,
 * not the read units, which follow the entries' size).
 */
export interface OpenVisit {
  assetId: number;
  assetName: string | null;
  clientId: number | null;
  zoneId: number;
  arrivedAt: string;
  profiles: { id: number; name: string }[];
  cableType: string | null;
}

/** The stock table reads at most this many open visits (an asset is inside one or two zones at a time). */
export const MAX_OPEN_VISITS_READ = 200_000;

const ATTRIBUTES = ['assetId', 'assetName', 'clientId', 'zoneId', 'arrivedAt', 'profiles', 'cableType'];
const projection = {
  ProjectionExpression: ATTRIBUTES.map((_, i) => `#a${i}`).join(', '),
  ExpressionAttributeNames: Object.fromEntries(ATTRIBUTES.map((name, i) => [`#a${i}`, name])),
};

export const zoneInsidePartition = (ctx: TenantContext) => `${tenantPrefix(ctx)}ZONE_INSIDE`;

const toOpenVisit = (item: Record<string, unknown>): OpenVisit => ({
  assetId: Number(item.assetId),
  assetName: typeof item.assetName === 'string' ? item.assetName : null,
  clientId: typeof item.clientId === 'number' ? item.clientId : null,
  zoneId: Number(item.zoneId),
  arrivedAt: String(item.arrivedAt ?? ''),
  profiles: Array.isArray(item.profiles)
    ? (item.profiles as { id: unknown; name: unknown }[]).map((p) => ({ id: Number(p.id), name: String(p.name ?? '') }))
    : [],
  cableType: typeof item.cableType === 'string' && item.cableType !== '' ? item.cableType : null,
});

export interface OpenVisitsRead {
  visits: OpenVisit[];
  /** Index entries DynamoDB read (the `x-items-read` of the answer). */
  itemsRead: number;
  /** False when the read stopped at MAX_OPEN_VISITS_READ. */
  complete: boolean;
}

async function readOpenVisits(ctx: TenantContext, prefix: string | null, limit: number): Promise<OpenVisitsRead> {
  const visits: OpenVisit[] = [];
  let itemsRead = 0;
  const values: Record<string, unknown> = { ':pk': zoneInsidePartition(ctx) };
  if (prefix !== null) values[':prefix'] = prefix;
  const pages = queryAllPages({
    TableName: tableName(),
    IndexName: ACCESS_PATTERNS.openZoneVisits,
    KeyConditionExpression: prefix === null ? 'gsi2pk = :pk' : 'gsi2pk = :pk AND begins_with(gsi2sk, :prefix)',
    ExpressionAttributeValues: values,
    ...projection,
  });
  for await (const page of pages) {
    itemsRead += page.ScannedCount ?? page.Count ?? 0;
    visits.push(...(page.Items ?? []).map(toOpenVisit));
    if (visits.length >= limit) return { visits: visits.slice(0, limit), itemsRead, complete: false };
  }
  return { visits, itemsRead, complete: true };
}

/** The assets inside one zone now. */
export const openVisitsOfZone = (ctx: TenantContext, zoneId: number) =>
  readOpenVisits(ctx, `${pad(zoneId)}#`, MAX_OPEN_VISITS_READ);

/** The assets inside every zone of the tenant now. */
export const openVisitsOfTenant = (ctx: TenantContext) => readOpenVisits(ctx, null, MAX_OPEN_VISITS_READ);
