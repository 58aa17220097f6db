import type { DeviceProfile } from '../../../shared/schemas/device-profile';

/**
 * The built-in device profiles (ids 1-4, decision 0144's catalogue, kept so existing devices keep their ids):
 * read-only in every tenant, decoding with the built-in tracker-v1 layout (codec null), battery in volts with
 * the tracker's 3.3 / 3.4 V hysteresis and a 12-hour heartbeat. A tenant's own profiles live in
 * device-profile-repository.ts (ids from 101).
 */
const builtIn = (id: number, name: string): Omit<DeviceProfile, '@id' | '@type'> => ({
  id,
  name,
  built_in: true,
  codec: null,
  field_paths: {},
  battery_unit: 'V',
  battery_low_below: 3.3,
  battery_fine_above: 3.4,
  uplink_interval_minutes: 720,
  silent_after_intervals: 3,
  version: 1,
});

export const BUILT_IN_DEVICE_PROFILES: readonly Omit<DeviceProfile, '@id' | '@type'>[] = [
  builtIn(1, 'LoRaWAN Class A, EU868'),
  builtIn(2, 'LoRaWAN Class A, EU868, GPS'),
  builtIn(3, 'LoRaWAN Class A, EU868, Wi-Fi positioning'),
  builtIn(4, 'LoRaWAN Class C, EU868'),
];

/** What a device without a profile decodes and judges its battery with: the first built-in's settings. */
export const DEFAULT_DEVICE_PROFILE = BUILT_IN_DEVICE_PROFILES[0] as Omit<DeviceProfile, '@id' | '@type'>;

export const builtInDeviceProfile = (id: number) => BUILT_IN_DEVICE_PROFILES.find((profile) => profile.id === id);
export const isBuiltInDeviceProfileId = (id: number) => builtInDeviceProfile(id) !== undefined;
