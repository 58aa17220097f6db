import { z } from 'zod';
import { entityIdSchema, isIsoDateString } from './common';
import { INVALID_COORDINATES, polygonGeometrySchema, positionSchema } from './geo-zone';

/**
 * The area search (POST /api/area-search, POST /api/area-search/now; docs/decisions/0320-area-search-reads-geohash-cells-keyed-on-the-event-item.md):
 * which assets had a fix inside an area between two times, or are inside it now. The area is a rectangle,
 * a circle, a polygon or one of the tenant's geo zones; its size and the window are bounded so that one
 * search reads a bounded part of the area index (docs/performance.md "Area search").
 */
export const AREA_MAX_SQUARE_KM = 2_500;
export const AREA_MAX_WINDOW_DAYS = 31;
/** Fixes shown as evidence per asset (the first and the last among them), fewer when many assets match. */
export const AREA_MAX_EVIDENCE = 20;

export const AREA_TOO_LARGE = `The area must be at most ${AREA_MAX_SQUARE_KM.toLocaleString('en')} km²`;
export const AREA_WINDOW_TOO_LONG = `The window must be at most ${AREA_MAX_WINDOW_DAYS} days`;
export const AREA_WINDOW_REVERSED = 'The end must be after the start';
export const AREA_INVALID_DATE = 'Invalid date';
export const AREA_INVALID_SHAPE = 'The area must be a Rectangle, a Circle, a Polygon or a Zone';
export const AREA_EMPTY_RECTANGLE = 'The rectangle must have its west side before its east and south before north';
export const AREA_RADIUS = 'The radius must be between 1 and 30000 metres';

const KM_PER_DEGREE = 111.195;
const cosine = (latitude: number) => Math.cos((latitude * Math.PI) / 180);

const longitude = z
  .number({ error: INVALID_COORDINATES })
  .min(-180, { error: INVALID_COORDINATES })
  .max(180, { error: INVALID_COORDINATES });
const latitude = z
  .number({ error: INVALID_COORDINATES })
  .min(-90, { error: INVALID_COORDINATES })
  .max(90, { error: INVALID_COORDINATES });

const rectangleSchema = z.object({
  type: z.literal('Rectangle'),
  /** [west, south, east, north], degrees. */
  bbox: z.tuple([longitude, latitude, longitude, latitude], { error: INVALID_COORDINATES }),
});
const circleSchema = z.object({
  type: z.literal('Circle'),
  center: positionSchema,
  /** Metres. */
  radius: z.number({ error: AREA_RADIUS }).min(1, { error: AREA_RADIUS }).max(30_000, { error: AREA_RADIUS }),
});
const zoneSchema = z.object({ type: z.literal('Zone'), zoneId: entityIdSchema });

export const areaShapeSchema = z.discriminatedUnion(
  'type',
  [rectangleSchema, circleSchema, polygonGeometrySchema, zoneSchema],
  { error: AREA_INVALID_SHAPE },
);
export type AreaShape = z.infer<typeof areaShapeSchema>;
export type DrawnArea = Exclude<AreaShape, { type: 'Zone' }>;

/** Square kilometres of a polygon's outer ring less its holes, in a flat projection at its mean latitude. */
function polygonSquareKm(rings: readonly (readonly number[])[][]): number {
  const outer = rings[0] ?? [];
  const meanLat = outer.reduce((sum, point) => sum + (point[1] ?? 0), 0) / Math.max(1, outer.length);
  const kx = KM_PER_DEGREE * cosine(meanLat);
  const ringArea = (ring: readonly (readonly number[])[]) => {
    let sum = 0;
    for (let i = 0; i + 1 < ring.length; i++) {
      const [x1 = 0, y1 = 0] = ring[i] as number[];
      const [x2 = 0, y2 = 0] = ring[i + 1] as number[];
      sum += x1 * kx * y2 * KM_PER_DEGREE - x2 * kx * y1 * KM_PER_DEGREE;
    }
    return Math.abs(sum) / 2;
  };
  const [first, ...holes] = rings.map(ringArea);
  return Math.max(0, (first ?? 0) - holes.reduce((a, b) => a + b, 0));
}

/** The size of a drawn area in km² (a flat projection: well within a percent at these sizes). */
export function areaSquareKm(area: DrawnArea | { type: 'Point'; coordinates: readonly number[]; radius: number }) {
  switch (area.type) {
    case 'Rectangle': {
      const [west, south, east, north] = area.bbox;
      return (east - west) * KM_PER_DEGREE * cosine((south + north) / 2) * (north - south) * KM_PER_DEGREE;
    }
    case 'Circle':
    case 'Point':
      return Math.PI * (area.radius / 1000) ** 2;
    case 'Polygon':
      return polygonSquareKm(area.coordinates);
  }
}

/** A drawn area's own faults (a zone's size is checked once it is read). */
function checkArea(area: AreaShape, context: z.RefinementCtx) {
  if (area.type === 'Zone') return;
  if (area.type === 'Rectangle' && (area.bbox[0] >= area.bbox[2] || area.bbox[1] >= area.bbox[3])) {
    context.addIssue({ code: 'custom', path: ['area', 'bbox'], message: AREA_EMPTY_RECTANGLE });
  } else if (areaSquareKm(area) > AREA_MAX_SQUARE_KM) {
    context.addIssue({ code: 'custom', path: ['area'], message: AREA_TOO_LARGE });
  }
}

const instantSchema = z
  .string({ error: AREA_INVALID_DATE })
  .max(40, { error: AREA_INVALID_DATE })
  .refine((value) => isIsoDateString(value) && value.includes('T'), { error: AREA_INVALID_DATE });

export const areaNowBodySchema = z
  .object({ area: areaShapeSchema })
  .superRefine((body, context) => checkArea(body.area, context));
export type AreaNowBody = z.infer<typeof areaNowBodySchema>;

export const areaSearchBodySchema = z
  .object({ area: areaShapeSchema, from: instantSchema, to: instantSchema })
  .superRefine((body, context) => {
    checkArea(body.area, context);
    const span = Date.parse(body.to) - Date.parse(body.from);
    if (!(span > 0)) context.addIssue({ code: 'custom', path: ['to'], message: AREA_WINDOW_REVERSED });
    else if (span > AREA_MAX_WINDOW_DAYS * 86_400_000)
      context.addIssue({ code: 'custom', path: ['to'], message: AREA_WINDOW_TOO_LONG });
  });
export type AreaSearchBody = z.infer<typeof areaSearchBodySchema>;

export const areaFixSchema = z.object({
  /** The located event. */
  id: entityIdSchema,
  date: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** Accuracy in metres; the fix counts by its position alone, whatever its radius. */
  radius: z.number().nullable(),
  source: z.enum(['gnss', 'wifi', 'network']).nullable(),
});
export type AreaFix = z.infer<typeof areaFixSchema>;

export const areaAssetSchema = z.object({
  asset: z.object({ id: entityIdSchema, name: z.string().nullable() }),
  first: areaFixSchema,
  last: areaFixSchema,
  /** Fixes inside the area and window (all of them, counted). */
  fixes: z.number().int().positive(),
  /** Up to AREA_MAX_EVIDENCE of them in date order, the first and the last included. */
  evidence: z.array(areaFixSchema),
});
export type AreaAsset = z.infer<typeof areaAssetSchema>;

export const areaSearchResultSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The searched area's size (km²) and the geohash precision it was read at. */
  square_km: z.number(),
  precision: z.number().int(),
  cells: z.number().int(),
  /** Index items read (every event of the covering cells in the window) against the fixes inside. */
  itemsRead: z.number().int().nonnegative(),
  fixesInside: z.number().int().nonnegative(),
  /** False when the read stopped at its budget: the assets found so far, their first and last fix may be later. */
  complete: z.boolean(),
  assets: z.array(areaAssetSchema),
});
export type AreaSearchResult = z.infer<typeof areaSearchResultSchema>;

export const areaNowResultSchema = z.object({
  square_km: z.number(),
  itemsRead: z.number().int().nonnegative(),
  complete: z.boolean(),
  assets: z.array(
    z.object({
      asset: z.object({ id: entityIdSchema, name: z.string().nullable() }),
      latitude: z.number(),
      longitude: z.number(),
      /** When the position was last updated (ISO), null when not known. */
      date: z.string().nullable(),
    }),
  ),
});
export type AreaNowResult = z.infer<typeof areaNowResultSchema>;
