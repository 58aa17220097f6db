import { z } from 'zod';
import { ASSET_STATUS_VALUES, type AssetStatusValue } from './asset-status';
import { MAP_LEVELS } from './map-level';

/**
 * A map marker: the tuple the console draws and a live push of marker updates sends (≤ 100 bytes for a name
 * of up to ~40 characters). GET /api/assets/map answers them column by column (assetMapAnswerSchema below,
 * docs/decisions/0256-asset-map-answer-columnar-compressed-one-answer-up-to-250k-markers.md; the tuple answer of 0229 before it).
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

/**
 * At most this many markers an answer (docs/decisions/0256-asset-map-answer-columnar-compressed-one-answer-up-to-250k-markers.md):
 * bounds the index entries one call reads (~0.37 kB each, ~90 MB at most) and the Lambda's memory. A fleet
 * of up to this size is one answer; beyond it the answer is paged (`next`).
 */
export const MAP_ANSWER_MARKERS = 250_000;

/**
 * At most this many bytes an answer as Lambda counts them (the body inside the proxy result: escaped JSON, or
 * the base64 of the compressed body), so no answer can reach Lambda's 6 MB response limit (6,291,556 bytes)
 * whatever the names hold; headers and the envelope are far under the 1.29 MB left.
 */
export const MAP_ANSWER_BYTES = 5_000_000;

/**
 * At most this many bytes of uncompressed JSON an answer is built from before it is compressed: bounds the
 * work (memory, compression time) of one call when names compress badly. Ordinary markers are ~35 bytes.
 */
export const MAP_ANSWER_RAW_BYTES = 16_000_000;

/** The encoding version of the answer below: a new layout is a new version the console knows by this field. */
export const MAP_ANSWER_VERSION = 1;

const deltas = (what: string) => z.array(z.number().int()).describe(what);

/**
 * The whole map in one answer, column by column (docs/decisions/0256-asset-map-answer-columnar-compressed-one-answer-up-to-250k-markers.md),
 * compressed on the wire (gzip or br by Accept-Encoding, Content-Encoding says which). Marker i is made of
 * element i of each column; `decodeMapAnswer` (asset-map-codec.ts) turns it back into MapMarker tuples:
 *
 * - ids: the first id, then each id minus the one before (map index order: customer, then id);
 * - names: the names as they are;
 * - status: one character a marker, the status's index in ASSET_STATUS_VALUES in base 36, '-' without one;
 * - lat, lng: degrees × 10^MAP_COORDINATE_DECIMALS as integers, each minus the one before;
 * - updated: epoch seconds minus the last non-null one before (the first absolute), null without one;
 * - level: one digit a marker, the index in MAP_LEVELS.
 *
 * `next`: the path of the rest when the answer had to stop (more than MAP_ANSWER_MARKERS markers, or names
 * that push it past MAP_ANSWER_BYTES), null otherwise. `cursor`: the live change log's position when the map
 * was read (GET /api/assets/map?since=<cursor> answers what changed after it), null while no log exists.
 */
export const assetMapAnswerSchema = z
  .object({
    '@id': z.string(),
    v: z.literal(MAP_ANSWER_VERSION),
    count: z.number().int().min(0),
    ids: deltas('The first asset id, then each id minus the one before'),
    names: z.array(z.string()),
    status: z
      .string()
      .regex(/^[0-9a-z-]*$/)
      .describe("One character a marker: the status's index in base 36, '-' without one"),
    lat: deltas('Latitude × 100000, each minus the one before'),
    lng: deltas('Longitude × 100000, each minus the one before'),
    updated: z
      .array(z.number().int().nullable())
      .describe('Epoch seconds minus the last non-null one before; null without one'),
    level: z
      .string()
      .regex(/^[0-4]*$/)
      .describe('One digit a marker: the map status level'),
    next: z.string().nullable(),
    cursor: z.string().nullable(),
  })
  .superRefine((answer, context) => {
    const lengths = [answer.ids, answer.names, answer.status, answer.lat, answer.lng, answer.updated, answer.level];
    if (lengths.some((column) => column.length !== answer.count)) {
      context.addIssue({ code: 'custom', message: 'Every column holds `count` elements' });
    }
  });
export type AssetMapAnswer = z.infer<typeof assetMapAnswerSchema>;

/** One decoded answer as the console keeps it (the live layer updates `markers` in place). */
export interface AssetMapPage {
  '@id': string;
  markers: MapMarker[];
  next: string | null;
  cursor: string | null;
}

/** `cursor`: where the previous page ended, as its `next` names it; opaque to callers. */
export const assetMapQuerySchema = z.object({
  cursor: z
    .string()
    .regex(/^\d{10}-\d{10}$/, { error: 'Invalid cursor' })
    .optional(),
  // Live push: what changed after a published event's cursor (an answer of the delta's shape).
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
