import type { TenantContext } from '../../functions/lib/data/tenant-context';
import { deviceProfileRepository } from '../../functions/lib/device-profiles/device-profile-repository';
import type { DeviceRecord } from '../../functions/lib/devices/device-repository';
import { FIRST_TENANT_DEVICE_PROFILE_ID } from '../../shared/schemas/device-profile';
import { DEMO_CODEC_PROFILE } from './demo-codec';

/**
 * The demo tenant's codec profile (scripts/seed/demo-codec.ts, a made-up vendor layout) and two of the
 * demo's spare tags (in stock, on no asset) that use it. Spares, because the tests and the simulator drive the
 * seeded assets' tags with tracker-v1 bytes; `npm run simulate -- --layout codec` puts the tags it drives on this
 * profile itself. Called on the generated dataset before it is written: the devices name the profile, the
 * profile counts them (device-profile-usage.ts).
 */
export const CODEC_DEMO_DEVICE_COUNT = 2;

export async function seedCodecProfile(ctx: TenantContext, devices: DeviceRecord[]): Promise<void> {
  const id = (await deviceProfileRepository.nextId(ctx)) + FIRST_TENANT_DEVICE_PROFILE_ID - 1;
  const users = devices.filter((device) => !device.asset).slice(0, CODEC_DEMO_DEVICE_COUNT);
  for (const device of users) {
    device.device_profiles = [id];
    device.model = 'Geotrax GT-2';
  }
  await deviceProfileRepository.create(ctx, { ...DEMO_CODEC_PROFILE, deviceCount: users.length }, { id });
}
