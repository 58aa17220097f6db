import { type DeviceProfile, deviceProfileSchema } from '../../../shared/schemas/device';
import { allowListOf } from '../http/allow-list';

/**
 * Device profiles (spec 000 names only `GET /api/device-profiles` and a device's `device_profiles` list of
 * ids). Our decision (docs/decisions/0144): the LoRaWAN behaviour profiles a tag can be provisioned
 * with, a fixed platform catalogue that is the same in every tenant and changes with a release, not per
 * tenant. A device's `device_profiles` must name ids of this catalogue.
 */
export const DEVICE_PROFILES: readonly Omit<DeviceProfile, '@id' | '@type'>[] = [
  { id: 1, name: 'LoRaWAN Class A, EU868' },
  { id: 2, name: 'LoRaWAN Class A, EU868, GPS' },
  { id: 3, name: 'LoRaWAN Class A, EU868, Wi-Fi positioning' },
  { id: 4, name: 'LoRaWAN Class C, EU868' },
];

export const isDeviceProfileId = (id: number) => DEVICE_PROFILES.some((profile) => profile.id === id);

const allowedDeviceProfile = allowListOf(deviceProfileSchema);

export const toApiDeviceProfile = (profile: (typeof DEVICE_PROFILES)[number]): DeviceProfile =>
  allowedDeviceProfile({ '@id': `/api/device-profiles/${profile.id}`, '@type': 'DeviceProfile', ...profile });
