import { AFTER_HOURS_TYPE } from '../../../../shared/schemas/alarm';
import type { AssetStatusValue } from '../../../../shared/schemas/asset-status';
import type { DeviceProfile } from '../../../../shared/schemas/device-profile';
import { parseGeoZoneGeometry } from '../../../../shared/schemas/geo-zone';
import { ACCESS_PATTERNS } from '../../../../shared/table';
import { type AlarmRecord, alarmsOfTypePartition } from '../../alarms/alarm-repository';
import { findAssetStatus } from '../../assets/asset-status';
import { tableName } from '../../data/client';
import { queryAllPages } from '../../data/query-page';
import { fromItem } from '../../data/repository';
import type { TenantContext } from '../../data/tenant-context';
import { deviceProfileRepository, isTenantProfileId } from '../../device-profiles/device-profile-repository';
import { builtInDeviceProfile, DEFAULT_DEVICE_PROFILE } from '../../devices/device-profiles';
import type { DeviceRecord } from '../../devices/device-repository';
import { listAllGeoZones, readGeoZoneVersion } from '../../geo-zones/geo-zone-repository';
import type { AfterHoursRule } from '../after-hours';
import type { BatteryRule } from '../battery';
import { codecKey } from '../codecs/codec-cache';
import type { PayloadProfile } from '../codecs/profile-decoder';
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
    visits: {
      zonesNear: (longitude, latitude, accuracy) => index.zonesNear(longitude, latitude, accuracy),
      has: (zoneId) => index.has(zoneId),
      observe: (zoneId, fix) => index.observe(zoneId, fix),
      zone: (zoneId) => index.zone(zoneId),
    },
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

/** A device's profile as the pipeline uses it (built-in, the tenant's own, or the default when none or gone). */
export type DeviceProfileSettings = Omit<DeviceProfile, '@id' | '@type'>;

/**
 * The profile of a device: its `device_profiles[0]` (the payload profile), a built-in read from the code, a
 * tenant's own read with one GetItem; none, or one deleted meanwhile, is the default built-in (tracker-v1, 3.3 /
 * 3.4 V, 12 h heartbeat). The silent-tag job reads `uplink_interval_minutes` / `silent_after_intervals` here.
 */
export async function profileOfDevice(
  ctx: TenantContext,
  device: Pick<DeviceRecord, 'device_profiles'>,
): Promise<DeviceProfileSettings> {
  const id = device.device_profiles?.[0];
  if (id === undefined) return DEFAULT_DEVICE_PROFILE;
  const builtIn = builtInDeviceProfile(id);
  if (builtIn) return builtIn;
  const own = isTenantProfileId(id) ? await deviceProfileRepository.get(ctx, id) : undefined;
  return own ? { ...own, built_in: false } : DEFAULT_DEVICE_PROFILE;
}

/** One batch's profile reads: each (tenant, profile) read once, whatever the number of its devices' uplinks. */
export function batchProfiles() {
  const reads = new Map<string, Promise<DeviceProfileSettings>>();
  return {
    of(ctx: TenantContext, device: Pick<DeviceRecord, 'device_profiles'>): Promise<DeviceProfileSettings> {
      const key = `${ctx.tenantId}:${device.device_profiles?.[0] ?? 0}`;
      if (!reads.has(key)) reads.set(key, profileOfDevice(ctx, device));
      return reads.get(key) as Promise<DeviceProfileSettings>;
    },
  };
}
export type BatchProfiles = ReturnType<typeof batchProfiles>;

/** What the decoder needs; the cache key names the profile version, so a saved codec compiles anew. */
export const payloadProfileOf = (ctx: TenantContext, profile: DeviceProfileSettings): PayloadProfile => ({
  key: codecKey(ctx.tenantId, profile.id, profile.version),
  codec: profile.codec,
  field_paths: profile.field_paths,
});

export const batteryRuleOf = (profile: DeviceProfileSettings): BatteryRule => ({
  unit: profile.battery_unit,
  lowBelow: profile.battery_low_below,
  fineAbove: profile.battery_fine_above,
});

/**
 * The tenant's "moved outside working hours" rules (type 10), read once per tenant per batch (one Query of the
 * rules-by-type index, mostly empty): a rule saved takes effect with the next batch.
 */
export async function afterHoursRulesOf(ctx: TenantContext): Promise<AfterHoursRule[]> {
  const rules: AfterHoursRule[] = [];
  const pages = queryAllPages({
    TableName: tableName(),
    IndexName: ACCESS_PATTERNS.alarmRulesByType,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': alarmsOfTypePartition(ctx, AFTER_HOURS_TYPE) },
  });
  for await (const page of pages)
    for (const rule of (page.Items ?? []).map((item) => fromItem<AlarmRecord>(item)))
      if (rule.working_hours)
        rules.push({ id: rule.id, working_hours: rule.working_hours, move_distance: rule.move_distance });
  return rules;
}
