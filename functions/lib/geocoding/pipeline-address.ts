import type { LastEvent } from '../../../shared/schemas/event';
import type { DeviceRecord } from '../devices/device-repository';
import type { Fix } from '../pipeline/contracts';
import { ADDRESS_FIELDS, type Address, NO_ADDRESS } from './address';
import { movedBeyondAccuracy } from './cell';
import type { GeocodedAddress } from './geocode-writes';

/**
 * What the processor does about addresses, without I/O and without a write of its own (decision 0176's three
 * writes stay three): a fix within its accuracy of the device's last geocoded position keeps that address (a
 * parked tag costs nothing); a fix that moved beyond it starts with no address and asks the geocoder
 * (`geocode: true`, published after the writes); an uplink without a fix keeps the last event's address, as
 * it keeps its position (docs/decisions/0248-reverse-geocoding-after-the-processor-with-a-per-cell-cache.md).
 */
export type GeocodedDevice = DeviceRecord & { geocoded?: GeocodedAddress };

const pick = (source: Partial<Address> | null | undefined): Address =>
  Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, source?.[field] ?? null])) as Address;

export function pipelineAddress(
  device: GeocodedDevice,
  fix: Fix | undefined,
  previous: LastEvent | null | undefined,
): { address: Address; geocode: boolean } {
  if (!fix) return { address: previous ? pick(previous) : { ...NO_ADDRESS }, geocode: false };
  if (!movedBeyondAccuracy(fix, device.geocoded)) return { address: pick(device.geocoded), geocode: false };
  return { address: { ...NO_ADDRESS }, geocode: true };
}
