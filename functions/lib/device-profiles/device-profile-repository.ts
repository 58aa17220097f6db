import {
  DEVICE_PROFILE_IN_USE,
  type DeviceProfile,
  type DeviceProfileInput,
  deviceProfileSchema,
  FIRST_TENANT_DEVICE_PROFILE_ID,
} from '../../../shared/schemas/device-profile';
import { createRepository, type Stored } from '../data/repository';
import type { TenantContext } from '../data/tenant-context';
import { BUILT_IN_DEVICE_PROFILES, builtInDeviceProfile } from '../devices/device-profiles';
import { allowListOf } from '../http/allow-list';
import { conflict, notFound, unprocessable } from '../http/errors';

/**
 * A tenant's own device profiles: `T#<t>#DEVICE_PROFILE` / `DEVICE_PROFILE#<id>`, ids from
 * 101 (the counter's lastId + 100, so they never clash with the built-ins 1-4). `deviceCount` counts the devices
 * naming the profile first in their `device_profiles`; it is kept by the device writes in their transactions
 * (device-profile-usage.ts), outside the version, and a delete is conditioned on it being 0.
 */
export interface DeviceProfileRecord extends Stored, Omit<DeviceProfile, '@id' | '@type' | 'built_in'> {
  deviceCount?: number;
}

const TYPE = 'DEVICE_PROFILE';
export const deviceProfileRepository = createRepository<DeviceProfileRecord>({ type: TYPE });

/** A bound on what one tenant stores and what the pipeline loads per batch (about 64 KB each at most). */
export const MAX_DEVICE_PROFILES_PER_TENANT = 100;
export const TOO_MANY_DEVICE_PROFILES = `A tenant may have at most ${MAX_DEVICE_PROFILES_PER_TENANT} device profiles`;

const allowed = allowListOf(deviceProfileSchema);

export const toApiDeviceProfile = (
  profile: Omit<DeviceProfile, '@id' | '@type' | 'built_in'> & { built_in?: boolean },
) =>
  allowed({
    '@id': `/api/device-profiles/${profile.id}`,
    '@type': 'DeviceProfile',
    ...profile,
    built_in: profile.built_in === true,
  });

export const isTenantProfileId = (id: number) => id >= FIRST_TENANT_DEVICE_PROFILE_ID;

/** The tenant's own profiles in id order (one Query of a small, bounded partition). */
export async function listTenantProfiles(ctx: TenantContext): Promise<DeviceProfileRecord[]> {
  const { items } = await deviceProfileRepository.page(ctx, { page: 1, itemsPerPage: MAX_DEVICE_PROFILES_PER_TENANT });
  return items;
}

/** Built-ins first, then the tenant's own. */
export async function listDeviceProfiles(ctx: TenantContext) {
  return [...BUILT_IN_DEVICE_PROFILES, ...(await listTenantProfiles(ctx))];
}

/** A built-in or the tenant's own; undefined when neither (another tenant's id is simply not found). */
export async function findDeviceProfile(ctx: TenantContext, id: number) {
  return builtInDeviceProfile(id) ?? (isTenantProfileId(id) ? deviceProfileRepository.get(ctx, id) : undefined);
}

export async function getDeviceProfileOrThrow(ctx: TenantContext, id: number) {
  const profile = await findDeviceProfile(ctx, id);
  if (!profile) throw notFound();
  return profile;
}

const fieldsOf = (input: DeviceProfileInput) => ({
  name: input.name,
  codec: input.codec ?? null,
  field_paths: input.field_paths ?? {},
  battery_unit: input.battery_unit,
  battery_low_below: input.battery_low_below,
  battery_fine_above: input.battery_fine_above,
  uplink_interval_minutes: input.uplink_interval_minutes,
  silent_after_intervals: input.silent_after_intervals,
});

export async function createDeviceProfile(ctx: TenantContext, input: DeviceProfileInput) {
  if ((await deviceProfileRepository.count(ctx)) >= MAX_DEVICE_PROFILES_PER_TENANT)
    throw unprocessable([{ propertyPath: 'name', message: TOO_MANY_DEVICE_PROFILES }]);
  const id = (await deviceProfileRepository.nextId(ctx)) + FIRST_TENANT_DEVICE_PROFILE_ID - 1;
  return deviceProfileRepository.create(ctx, { ...fieldsOf(input), deviceCount: 0 }, { id });
}

export const saveDeviceProfile = (ctx: TenantContext, current: DeviceProfileRecord, input: DeviceProfileInput) =>
  deviceProfileRepository.update(ctx, current.id, current.version, (stored) => ({ ...stored, ...fieldsOf(input) }));

/** Deleted and uncounted in one transaction, only while no device names it and at the version read. */
export const deleteDeviceProfile = (ctx: TenantContext, current: DeviceProfileRecord) =>
  deviceProfileRepository.remove(ctx, current.id, current.version, {
    condition: {
      expression: '(attribute_not_exists(deviceCount) OR deviceCount <= :zero)',
      names: {},
      values: { ':zero': 0 },
    },
    cancelled: async () => {
      const now = await deviceProfileRepository.get(ctx, current.id);
      if (!now) return notFound();
      return conflict((now.deviceCount ?? 0) > 0 ? DEVICE_PROFILE_IN_USE : undefined);
    },
  });
