import { pad, tenantPrefix } from '../data/keys';
import type { TenantContext } from '../data/tenant-context';
import { expiresAfterDays } from '../settings/retention-settings';

/**
 * Zone visits (docs/data-model.md "Zone visits"). One item per stay of an asset in
 * one zone, written by the processor: a Put on the confirmed arrival, one Update on the confirmed departure.
 *
 * - table: `T#<t>#ASSET#<assetId>#VISITS` / `VISIT#<arrivedAt ISO>#<zoneId padded>`: an asset's visits by time;
 * - gsi1: `T#<t>#GEOZONE#<zoneId>#VISITS` / `<arrivedAt ISO>#<assetId padded>`: a zone's visits by time;
 * - gsi2 (open visits only): `T#<t>#ZONE_INSIDE` / `<zoneId padded>#<assetId padded>`: who is where now.
 */
export interface VisitRecord {
  assetId: number;
  assetName: string | null;
  clientId: number | null;
  zoneId: number;
  zoneName: string | null;
  arrivedAt: string;
  leftAt: string | null;
  dwellSeconds: number | null;
  profiles: { id: number; name: string }[];
  cableType: string | null;
}

export const assetVisitsPartition = (ctx: TenantContext, assetId: number) =>
  `${tenantPrefix(ctx)}ASSET#${assetId}#VISITS`;
export const visitSortKey = (arrivedAt: string, zoneId: number) => `VISIT#${arrivedAt}#${pad(zoneId)}`;
export const visitKey = (ctx: TenantContext, assetId: number, zoneId: number, arrivedAt: string) => ({
  pk: assetVisitsPartition(ctx, assetId),
  sk: visitSortKey(arrivedAt, zoneId),
});

export const zoneVisitsPartition = (ctx: TenantContext, zoneId: number) =>
  `${tenantPrefix(ctx)}GEOZONE#${zoneId}#VISITS`;
export const zoneVisitSortKey = (arrivedAt: string, assetId: number) => `${arrivedAt}#${pad(assetId)}`;

export const insidePartition = (ctx: TenantContext) => `${tenantPrefix(ctx)}ZONE_INSIDE`;
export const insideSortKey = (zoneId: number, assetId: number) => `${pad(zoneId)}#${pad(assetId)}`;
export const insidePrefix = (zoneId: number) => `${pad(zoneId)}#`;

/** The whole item of an arrival: table keys, the zone's period index and the open-visit index. */
export function arrivalItem(ctx: TenantContext, visit: VisitRecord): Record<string, unknown> {
  return {
    ...visitKey(ctx, visit.assetId, visit.zoneId, visit.arrivedAt),
    gsi1pk: zoneVisitsPartition(ctx, visit.zoneId),
    gsi1sk: zoneVisitSortKey(visit.arrivedAt, visit.assetId),
    gsi2pk: insidePartition(ctx),
    gsi2sk: insideSortKey(visit.zoneId, visit.assetId),
    ...visit,
  };
}

/**
 * The item of a visit as it stands (the seed): an open one with its open-visit keys, a closed one without them
 * and kept `keptDays` after its departure, as the departure's Update leaves it.
 */
export function visitItem(ctx: TenantContext, visit: VisitRecord, keptDays: number): Record<string, unknown> {
  const { gsi2pk: _pk, gsi2sk: _sk, ...closed } = arrivalItem(ctx, visit);
  if (visit.leftAt === null) return arrivalItem(ctx, visit);
  return { ...closed, expiresAt: expiresAfterDays(visit.leftAt, keptDays) };
}

/** Whole seconds between arrival and departure, never negative. */
export const dwellSecondsOf = (arrivedAt: string, leftAt: string) =>
  Math.max(0, Math.round((Date.parse(leftAt) - Date.parse(arrivedAt)) / 1000));
