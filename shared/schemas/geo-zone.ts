import { z } from 'zod';
import { entityIdSchema, hexColorSchema, jsonLdShape, optionalName, versionShape } from './common';
import { POLYGON_TOO_SMALL, polygonProblems } from './geo-zone-geometry';

export {
  HOLE_OUTSIDE,
  MAX_GEO_ZONE_VERTICES,
  POLYGON_TOO_SMALL,
  RING_NOT_CLOSED,
  RING_SELF_INTERSECTS,
  RING_WITHOUT_AREA,
  TOO_MANY_VERTICES,
} from './geo-zone-geometry';

/** Spec 000 s.2 and s.9; Leaflet's default path colour, which the original map used. */
export const MIN_GEO_ZONE_RADIUS = 15;
export const DEFAULT_GEO_ZONE_RADIUS = 30;
export const DEFAULT_GEO_ZONE_COLOR = '#3388ff';

export const INVALID_COORDINATES = 'Invalid coordinates';
export const INVALID_GEOMETRY = 'The geometry must be a Polygon or a Point with a radius';
export const MAX_GEO_ZONE_RADIUS = 100_000;
export const RADIUS_TOO_SMALL = `The radius must be at least ${MIN_GEO_ZONE_RADIUS}`;
export const RADIUS_TOO_LARGE = `The radius must be at most ${MAX_GEO_ZONE_RADIUS}`;

const longitude = z
  .number({ error: INVALID_COORDINATES })
  .min(-180, { error: INVALID_COORDINATES })
  .max(180, { error: INVALID_COORDINATES });
const latitude = z
  .number({ error: INVALID_COORDINATES })
  .min(-90, { error: INVALID_COORDINATES })
  .max(90, { error: INVALID_COORDINATES });

/** GeoJSON order [longitude, latitude], which the point-in-polygon check on the server expects. */
export const positionSchema = z.tuple([longitude, latitude], { error: INVALID_COORDINATES });
export type Position = z.infer<typeof positionSchema>;

/**
 * GeoJSON rings are closed; drawing tools often leave the last point off. The API refuses an open ring (a
 * ring that does not end where it starts may be a cut-off upload), so the console closes its drawings with
 * this before sending.
 */
export const closeRing = (ring: Position[]): Position[] => {
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (!first || !last || (first[0] === last[0] && first[1] === last[1])) return ring;
  return [...ring, first];
};

const ringSchema = z.array(positionSchema, { error: INVALID_COORDINATES });

/**
 * A Polygon: closed rings of at least 3 distinct points that enclose an area and do not cross themselves,
 * holes inside the outline, at most MAX_GEO_ZONE_VERTICES points (geo-zone-geometry.ts). Each problem is
 * reported on its ring (geometry.coordinates[1]).
 */
const polygonShapeSchema = z.object({
  type: z.literal('Polygon'),
  coordinates: z.array(ringSchema, { error: INVALID_COORDINATES }).min(1, { error: POLYGON_TOO_SMALL }),
  color: hexColorSchema.optional(),
});

export const polygonGeometrySchema = polygonShapeSchema.superRefine((polygon, context) => {
  for (const problem of polygonProblems(polygon.coordinates)) {
    const path = problem.ring === undefined ? ['coordinates'] : ['coordinates', problem.ring];
    context.addIssue({ code: 'custom', message: problem.message, path });
  }
});

/** A circle is a Point with a radius in metres. */
export const circleGeometrySchema = z.object({
  type: z.literal('Point'),
  coordinates: positionSchema,
  radius: z
    .number({ error: RADIUS_TOO_SMALL })
    .min(MIN_GEO_ZONE_RADIUS, { error: RADIUS_TOO_SMALL })
    .max(MAX_GEO_ZONE_RADIUS, { error: RADIUS_TOO_LARGE })
    .default(DEFAULT_GEO_ZONE_RADIUS),
  color: hexColorSchema.optional(),
});

export const geoZoneGeometrySchema = z.discriminatedUnion('type', [polygonGeometrySchema, circleGeometrySchema], {
  error: INVALID_GEOMETRY,
});
export type GeoZoneGeometry = z.infer<typeof geoZoneGeometrySchema>;
export type GeoZoneGeometryInput = z.input<typeof geoZoneGeometrySchema>;

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** The API stores geometry as text; null when the text is not a valid geometry. */
/**
 * Stored zones were checked when written; reading them checks the shape only. The geofence rules are
 * quadratic in the points, and a zone stored before a rule existed should still show on the map.
 */
const storedGeometrySchema = z.discriminatedUnion('type', [polygonShapeSchema, circleGeometrySchema]);

export const parseGeoZoneGeometry = (text: string): GeoZoneGeometry | null => {
  const result = storedGeometrySchema.safeParse(parseJson(text));
  return result.success ? result.data : null;
};

export const serializeGeoZoneGeometry = (geometry: GeoZoneGeometry): string => JSON.stringify(geometry);

/** The console posts geometry as an object but puts it as text (spec 000 s.7); both are accepted. */
export const geoZoneGeometryFieldSchema = z.preprocess(
  (v: string | GeoZoneGeometryInput | null | undefined) => (typeof v === 'string' ? parseJson(v) : v),
  geoZoneGeometrySchema,
);

export const geoZoneStyle = (geometry: GeoZoneGeometry): { color: string; radius: number } => ({
  color: geometry.color ?? DEFAULT_GEO_ZONE_COLOR,
  radius: geometry.type === 'Point' ? geometry.radius : DEFAULT_GEO_ZONE_RADIUS,
});

export const geoZoneRefSchema = z.object({ id: entityIdSchema, name: z.string().nullable() });
export type GeoZoneRef = z.infer<typeof geoZoneRefSchema>;

export const geoZoneSchema = z.object({
  ...jsonLdShape,
  id: entityIdSchema,
  name: z.string().nullable(),
  geometry: geoZoneGeometryFieldSchema,
  ...versionShape,
});
export type GeoZone = z.infer<typeof geoZoneSchema>;

/**
 * Spec 000 lists no rule for the name and the map creates a zone straight from a drawn circle, so the name
 * is optional.
 */
const geoZoneFields = { name: optionalName(), geometry: geoZoneGeometryFieldSchema };

export const geoZoneInputSchema = z.object(geoZoneFields);
export type GeoZoneInput = z.infer<typeof geoZoneInputSchema>;

export const geoZoneUpdateInputSchema = z.object({ ...geoZoneFields, ...versionShape });
export type GeoZoneUpdateInput = z.infer<typeof geoZoneUpdateInputSchema>;
