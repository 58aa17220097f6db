import type { AssetStatusValue } from '../../../../shared/schemas/asset-status';
import { parseGeoZoneGeometry } from '../../../../shared/schemas/geo-zone';
import { findAssetStatus } from '../../assets/asset-status';
import type { TenantContext } from '../../data/tenant-context';
import { listAllGeoZones, readGeoZoneVersion } from '../../geo-zones/geo-zone-repository';
import type { ZoneShape } from '../contracts';
import { nextMembership, ZoneIndex } from '../geofence';
import type { UplinkInput, ZoneLookup } from './uplink-effects';

/**
 * What the processor keeps per tenant for the life of its container: the zone index (rebuilt only when the
 * zone version counter moved: one GetItem per tenant per batch) and the ids of the two status entries it
 * sets (a tenant's status list never renumbers).
 */
interface CachedZones {
  version: number;
  lookup: ZoneLookup;
}

const zoneCache = new Map<string, CachedZones>();
const statusCache = new Map<string, UplinkInput['statuses']>();

function toLookup(index: ZoneIndex): ZoneLookup {
  return {
    zoneOf: (longitude, latitude) => index.zoneOf(longitude, latitude),
    observe: (zoneId, fix) => index.observe(zoneId, fix),
    nextMembership: (previous, observation) => nextMembership(previous, observation),
  };
}

/** The tenant's zones as of this batch. */
export async function zonesOf(ctx: TenantContext): Promise<ZoneLookup> {
  const version = await readGeoZoneVersion(ctx);
  const cached = zoneCache.get(ctx.tenantId);
  if (cached && cached.version === version) return cached.lookup;
  const shapes: ZoneShape[] = [];
  for (const zone of await listAllGeoZones(ctx)) {
    const geometry = parseGeoZoneGeometry(zone.geometry);
    if (geometry) shapes.push({ id: zone.id, name: zone.name ?? null, geometry });
  }
  const lookup = toLookup(ZoneIndex.build(shapes));
  zoneCache.set(ctx.tenantId, { version, lookup });
  return lookup;
}

export async function statusesOf(ctx: TenantContext): Promise<UplinkInput['statuses']> {
  const cached = statusCache.get(ctx.tenantId);
  if (cached) return cached;
  const statuses: UplinkInput['statuses'] = {};
  for (const value of ['moving', 'registered'] as const) {
    const entry = await findAssetStatus(ctx, value);
    if (entry) statuses[value] = { id: entry.id, status: entry.status as AssetStatusValue };
  }
  if (statuses.moving && statuses.registered) statusCache.set(ctx.tenantId, statuses);
  return statuses;
}
