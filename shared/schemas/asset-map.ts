import { z } from 'zod';
import { ASSET_STATUS_VALUES, type AssetStatusValue } from './asset-status';
import { MAP_LEVELS } from './map-level';

/**
 * GET /api/assets/map answers compact marker tuples, a page at a time (docs/decisions/0229 and 0230).
 * A tuple instead of an object keeps 100k markers to a few MB (~60 bytes a marker, not ~400), and the same
 * tuple is the unit a live push of marker updates can send (≤ 100 bytes for a name of up to ~40 characters).
 *
 *   [id, name, status, latitude, longitude, updated, level]
 *
 * - status: the index of the asset's status in ASSET_STATUS_VALUES, null without one;
 * - latitude, longitude: degrees rounded to MAP_COORDINATE_DECIMALS (5: ~1 m, finer than any tag's fix);
 * - updated: the last location update (or else the last event's date) in epoch seconds, null without one;
 * - level: the map status level as its index in MAP_LEVELS (0 none, 1 critical, 2 major, 3 minor, 4 warning;
 *   shared/schemas/map-level.ts), worked out when the page is read (silence depends on the time).
 */
export type MapMarker = [
  id: number,
  name: string,
  status: number | null,
  latitude: number,
  longitude: number,
  updated: number | null,
  level: number,
];

export const MAP_COORDINATE_DECIMALS = 5;

/**
 * At most this many markers a page: bounds the index entries one call reads (~0.3 kB each, ~6 MB at most, read
 * in 1 MB Query pages). Ordinary markers (~55 bytes) make a full page ~1.1 MB, so a 20k fleet is one page; the
 * byte budget below, not this count, is what keeps a page of long names under Lambda's limit.
 */
export const MAP_PAGE_MARKERS = 20_000;

/**
 * At most this many bytes of markers a page, counted as Lambda counts them (the body escaped inside the proxy
 * result), so no page can reach Lambda's 6 MB response limit (6,291,556 bytes) whatever the names hold; the
 * rest (envelope, headers, `next`) is well under the 1.29 MB left.
 */
export const MAP_PAGE_MARKER_BYTES = 5_000_000;

export const mapMarkerSchema = z.tuple([
  z.number().int().positive(),
  z.string(),
  z
    .number()
    .int()
    .min(0)
    .max(ASSET_STATUS_VALUES.length - 1)
    .nullable(),
  z.number().min(-90).max(90),
  z.number().min(-180).max(180),
  z.number().int().nullable(),
  z
    .number()
    .int()
    .min(0)
    .max(MAP_LEVELS.length - 1)
    .describe('Map status level: index in none, critical, major, minor, warning'),
]);

/** One page of the map; `next` is the path of the following page, null on the last. */
export const assetMapPageSchema = z.object({
  '@id': z.string(),
  markers: z.array(mapMarkerSchema),
  next: z.string().nullable(),
});
export type AssetMapPage = z.infer<typeof assetMapPageSchema>;

/** `cursor`: where the previous page ended, as its `next` names it; opaque to callers. */
export const assetMapQuerySchema = z.object({
  cursor: z
    .string()
    .regex(/^\d{10}-\d{10}$/, { error: 'Invalid cursor' })
    .optional(),
  // Live push (issue 17): what changed after a published event's cursor (an answer of the delta's shape).
  since: z
    .string()
    .regex(/^\d{13}-[0-9a-f]{8}$/, { error: 'Invalid cursor' })
    .optional()
    .describe('A cursor of a live event or an earlier answer: only the changes after it'),
});

export const statusCodeOf = (status: AssetStatusValue | null | undefined): number | null =>
  status ? ASSET_STATUS_VALUES.indexOf(status) : null;

export const statusOfCode = (code: number | null): AssetStatusValue | null =>
  code === null ? null : (ASSET_STATUS_VALUES[code] ?? null);

const factor = 10 ** MAP_COORDINATE_DECIMALS;
export const roundCoordinate = (degrees: number) => Math.round(degrees * factor) / factor;

/** Epoch seconds of an ISO date, null for none or an unreadable one. */
export function epochSecondsOf(date: string | null | undefined): number | null {
  const ms = date ? Date.parse(date) : Number.NaN;
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
}
