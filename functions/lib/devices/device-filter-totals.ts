import { CONNECTIVITY_STATES } from '../../../shared/schemas/connectivity';
import type { DeviceCounts } from './device-flag-counts';
import type { DeviceFilters } from './device-query';

/**
 * Which device list filters have an exact total from the tenant's counts (device-flag-counts.ts): one flag
 * filter alone (asset[exists], batteryLevelLow, sabotaged or connectivity, any states of it). Combined with
 * another filter or a search no count applies: the list counts what it reads and says whether that is all
 * (`x-total-exact`), as the asset list does (docs/decisions/0269-device-list-flag-filters-with-exact-totals-from-per-tenant-counts.md).
 */
export function countedFilter(filters: DeviceFilters): boolean {
  if (filters.search !== undefined || filters.logicalId !== undefined || filters.id !== undefined) return false;
  const flags = [filters.hasAsset, filters.batteryLow, filters.sabotaged, filters.connectivity];
  return flags.filter((flag) => flag !== undefined).length === 1;
}

/** The total of a counted filter; a count below 0 or above the devices (never: only if a write bypassed it) is clamped. */
export function countedTotal(filters: DeviceFilters, counts: DeviceCounts): number {
  const clamp = (n: number) => Math.max(0, Math.min(counts.total, n));
  const either = (yes: boolean, n: number) => clamp(yes ? n : counts.total - n);
  if (filters.hasAsset !== undefined) return either(filters.hasAsset, counts.withAsset);
  if (filters.batteryLow !== undefined) return either(filters.batteryLow, counts.batteryLow);
  if (filters.sabotaged !== undefined) return either(filters.sabotaged, counts.sabotaged);
  const states = new Set(filters.connectivity ?? CONNECTIVITY_STATES);
  const never = counts.total - counts.online - counts.late - counts.silent;
  const byState = { online: counts.online, late: counts.late, silent: counts.silent, never };
  return clamp([...states].reduce((sum, state) => sum + byState[state], 0));
}
