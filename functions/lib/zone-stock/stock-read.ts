import type { StockAsset, StockTable, ZoneStock } from '../../../shared/schemas/zone-stock';
import { assetProfileDefinitionRepository } from '../asset-profiles/asset-profile-repository';
import { batchGetByIds } from '../data/batch-get';
import type { TenantContext } from '../data/tenant-context';
import { type GeoZoneRecord, listAllGeoZones } from '../geo-zones/geo-zone-repository';
import { type OpenVisit, openVisitsOfTenant, openVisitsOfZone } from './open-visits';
import { countBy, countByProfile, type ProfileKey, stockState } from './stock-counts';
import { readAllStockLimits, readStockLimits } from './stock-limits';

/** The asset attributes the counts read (a projected BatchGet): status lives on the asset, not the visit. */
interface AssetFacts {
  id: number;
  name: string | null;
  status: string | null;
  client: { id: number; company: string | null } | null;
}

async function assetFactsOf(ctx: TenantContext, visits: readonly OpenVisit[]) {
  const ids = [...new Set(visits.map((v) => v.assetId))];
  const items = await batchGetByIds(ctx, 'ASSET', ids, { attributes: ['id', 'name', 'status', 'client'] });
  return new Map(
    items.map((item) => {
      const status = item.status as { status?: string } | null | undefined;
      const facts: AssetFacts = {
        id: Number(item.id),
        name: typeof item.name === 'string' ? item.name : null,
        status: status?.status ?? null,
        client: (item.client as AssetFacts['client']) ?? null,
      };
      return [facts.id, facts] as const;
    }),
  );
}

/** Names of profiles with limits that nobody inside holds (the visit carries the names of those inside). */
async function definitionNames(ctx: TenantContext, ids: Iterable<number>) {
  const unique = [...new Set(ids)];
  const found = await Promise.all(unique.map((id) => assetProfileDefinitionRepository.get(ctx, id)));
  return new Map(found.flatMap((d) => (d ? [[d.id, d.name] as const] : [])));
}

/**
 * The zone panel's counts (GET /api/geo-zones/{id}/stock): the open visits of the zone (one Query), the
 * assets' current status (one projected BatchGet per 100; an asset deleted meanwhile is not counted) and the
 * zone's limits (one GetItem).
 */
export async function readZoneStock(
  ctx: TenantContext,
  zone: GeoZoneRecord,
): Promise<{ stock: ZoneStock; itemsRead: number }> {
  const [{ visits, itemsRead }, limits] = await Promise.all([
    openVisitsOfZone(ctx, zone.id),
    readStockLimits(ctx, zone.id),
  ]);
  const facts = await assetFactsOf(ctx, visits);
  const present = visits.filter((v) => facts.has(v.assetId));
  const counts = countByProfile(present);
  const names = await definitionNames(
    ctx,
    limits.limits.map((l) => l.profile).filter((id) => !counts.has(id)),
  );
  const limitOf = new Map(limits.limits.map((l) => [l.profile as ProfileKey, l]));
  const profiles = new Set<ProfileKey>([...counts.keys(), ...limitOf.keys()]);
  const byProfile = [...profiles].map((id) => {
    const count = counts.get(id)?.count ?? 0;
    const limit = limitOf.get(id);
    const name = counts.get(id)?.name ?? (id === null ? null : (names.get(id) ?? null));
    return { id, name, count, min: limit?.min ?? null, max: limit?.max ?? null, state: stockState(count, limit) };
  });
  byProfile.sort((a, b) => (a.id === null ? 1 : b.id === null ? -1 : (a.name ?? '').localeCompare(b.name ?? '')));
  const stock: ZoneStock = {
    '@id': `/api/geo-zones/${zone.id}/stock`,
    '@type': 'ZoneStock',
    zone: { id: zone.id, name: zone.name ?? null },
    total: present.length,
    byProfile,
    byCableType: countBy(present, (v) => v.cableType).map(({ value, count }) => ({ cableType: value, count })),
    byStatus: countBy(present, (v) => facts.get(v.assetId)?.status ?? null).map(({ value, count }) => ({
      status: value,
      count,
    })),
    limits: limits.limits,
    version: limits.version,
  };
  return { stock, itemsRead: itemsRead + facts.size };
}

/**
 * The Stock screen's table (GET /api/stock): every zone (rows, by name) x every profile seen inside or with
 * limits (columns), exact counts from one Query chain over the open visits and one over the limits.
 */
export async function readStockTable(
  ctx: TenantContext,
): Promise<{ table: StockTable; itemsRead: number; complete: boolean }> {
  const [zones, read, limits] = await Promise.all([
    listAllGeoZones(ctx),
    openVisitsOfTenant(ctx),
    readAllStockLimits(ctx),
  ]);
  const byZone = new Map<number, OpenVisit[]>();
  for (const visit of read.visits) byZone.set(visit.zoneId, [...(byZone.get(visit.zoneId) ?? []), visit]);
  const profileNames = new Map<ProfileKey, string | null>();
  for (const visit of read.visits) {
    if (visit.profiles.length === 0) profileNames.set(null, null);
    for (const p of visit.profiles) profileNames.set(p.id, p.name);
  }
  const limited = [...limits.values()]
    .flatMap((z) => z.limits.map((l) => l.profile))
    .filter((id) => !profileNames.has(id));
  for (const [id, name] of await definitionNames(ctx, limited)) profileNames.set(id, name);
  const profiles = [...profileNames.entries()]
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => (a.id === null ? 1 : b.id === null ? -1 : (a.name ?? '').localeCompare(b.name ?? '')));
  const rows = zones
    .map((zone) => {
      const counts = countByProfile(byZone.get(zone.id) ?? []);
      const limitOf = new Map((limits.get(zone.id)?.limits ?? []).map((l) => [l.profile as ProfileKey, l]));
      return {
        zone: { id: zone.id, name: zone.name ?? null },
        total: byZone.get(zone.id)?.length ?? 0,
        cells: profiles.map(({ id }) => {
          const count = counts.get(id)?.count ?? 0;
          const limit = limitOf.get(id);
          return {
            profile: id,
            count,
            min: limit?.min ?? null,
            max: limit?.max ?? null,
            state: stockState(count, limit),
          };
        }),
      };
    })
    .sort((a, b) => (a.zone.name ?? '').localeCompare(b.zone.name ?? '') || a.zone.id - b.zone.id);
  return {
    table: { '@id': '/api/stock', '@type': 'StockTable', profiles, rows },
    itemsRead: read.itemsRead + limits.size + zones.length,
    complete: read.complete,
  };
}

/** One cell's assets (the drill-down): longest there first. `profile` null: those without a profile. */
export async function readStockAssets(
  ctx: TenantContext,
  zoneId: number,
  profile: ProfileKey | undefined,
): Promise<{ members: StockAsset[]; itemsRead: number }> {
  const { visits, itemsRead } = await openVisitsOfZone(ctx, zoneId);
  const chosen = visits.filter((v) =>
    profile === undefined
      ? true
      : profile === null
        ? v.profiles.length === 0
        : v.profiles.some((p) => p.id === profile),
  );
  const facts = await assetFactsOf(ctx, chosen);
  const members = chosen
    .filter((v) => facts.has(v.assetId))
    .sort((a, b) => a.arrivedAt.localeCompare(b.arrivedAt) || a.assetId - b.assetId)
    .map((v): StockAsset => {
      const asset = facts.get(v.assetId) as AssetFacts;
      return {
        '@id': `/api/assets/${v.assetId}`,
        '@type': 'StockAsset',
        asset: { id: v.assetId, name: asset.name ?? v.assetName },
        customer: asset.client ? { id: asset.client.id, name: asset.client.company } : null,
        status: asset.status,
        cableType: v.cableType,
        profiles: v.profiles,
        since: v.arrivedAt,
      };
    });
  return { members, itemsRead: itemsRead + facts.size };
}
