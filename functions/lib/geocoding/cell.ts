import type { Fix } from '../pipeline/contracts';
import { haversineMetres } from '../pipeline/geofence/geodesy';

/**
 * The ~25 m cells the address cache is keyed by, and the rule that decides whether a fix needs an address of
 * its own (docs/data-model.md, "Addresses").
 */
export const CELL_METERS = 25;
const METERS_PER_DEGREE = 111_320;
const LAT_STEP = CELL_METERS / METERS_PER_DEGREE;

export interface Cell {
  /** `<row>:<column>`: rows of equal latitude height, columns ~25 m wide in their row. */
  key: string;
  /** The cell's centre: the position the provider is asked about, so every fix in a cell gets one answer. */
  latitude: number;
  longitude: number;
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

export function cellOf(latitude: number, longitude: number): Cell {
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180)
    throw new RangeError(`Not a position: ${latitude}, ${longitude}`);
  const row = Math.floor(latitude / LAT_STEP);
  const centreLatitude = (row + 0.5) * LAT_STEP;
  // Near the poles a column would grow without end: it stays at least 1 % of a row's height wide.
  const lonStep = LAT_STEP / Math.max(Math.cos((centreLatitude * Math.PI) / 180), 0.01);
  const column = Math.floor(longitude / lonStep);
  return {
    key: `${row}:${column}`,
    latitude: round6(Math.min(90, centreLatitude)),
    longitude: round6(Math.max(-180, Math.min(180, (column + 0.5) * lonStep))),
  };
}

/** Where the device's address was last worked out (kept on the device item as `geocoded`). */
export interface GeocodedPosition {
  latitude: number;
  longitude: number;
  /** The fix's accuracy radius (metres), when it had one. */
  accuracy?: number | null;
  /** The fix's measuredAt: a later answer never yields to an earlier one. */
  at: string;
}

/**
 * A fix needs a new address when it is farther from the last geocoded position than the two fixes' accuracy
 * radii together (both may be off by their radius, as the geofence's observation counts them) and at least a
 * cell: a parked tag's scatter (and a coarse network fix that cannot tell a move) keeps the address it has
 * and costs nothing.
 */
export function movedBeyondAccuracy(fix: Pick<Fix, 'latitude' | 'longitude' | 'accuracy'>, last?: GeocodedPosition) {
  if (!last) return true;
  const distance = haversineMetres(last.longitude, last.latitude, fix.longitude, fix.latitude);
  return distance > Math.max((fix.accuracy ?? 0) + (last.accuracy ?? 0), CELL_METERS);
}
