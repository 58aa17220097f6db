import { z } from 'zod';
import { hexColorSchema, optionalName } from './common';
import { type GeoZoneGeometry, geoZoneGeometrySchema } from './geo-zone';

/**
 * Geo zones as GeoJSON (beyond the spec): the export is a FeatureCollection that GIS tools open, the
 * import takes one back. A circle is a Point feature with `radius` (metres) in its properties, as GeoJSON has
 * no circle; name and colour are properties too. The import always creates new zones (feature ids are
 * ignored), all of them or none, with every problem in one answer.
 */
export const MAX_ZONES_PER_IMPORT = 99;

export const IMPORT_NOT_FEATURE_COLLECTION = 'The file must be a GeoJSON FeatureCollection';
export const IMPORT_NO_ZONES = 'The file holds no geo zones';
export const IMPORT_TOO_MANY_ZONES = `At most ${MAX_ZONES_PER_IMPORT} geo zones per import`;
export const IMPORT_NOT_A_FEATURE = 'Each entry must be a GeoJSON Feature';

/** One zone of GET /api/geo-zones/export: coordinates as GeoJSON has them ([lng, lat], rings of those). */
export const geoZoneFeatureSchema = z.object({
  type: z.literal('Feature'),
  id: z.number().int(),
  geometry: z.object({ type: z.enum(['Polygon', 'Point']), coordinates: z.array(z.unknown()) }),
  properties: z.object({ name: z.string().nullable(), color: z.string(), radius: z.number().optional() }),
});
export type GeoZoneFeature = z.infer<typeof geoZoneFeatureSchema>;

export const geoZoneFeatureCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(geoZoneFeatureSchema),
});
export type GeoZoneFeatureCollection = z.infer<typeof geoZoneFeatureCollectionSchema>;

export function toGeoZoneFeature(
  zone: { id: number; name: string | null; geometry: GeoZoneGeometry },
  defaultColor: string,
) {
  const { geometry } = zone;
  const feature: GeoZoneFeature = {
    type: 'Feature',
    id: zone.id,
    geometry: { type: geometry.type, coordinates: geometry.coordinates },
    properties: { name: zone.name, color: geometry.color ?? defaultColor },
  };
  if (geometry.type === 'Point') feature.properties.radius = geometry.radius;
  return feature;
}

const propertiesSchema = z
  .object({ name: optionalName(), color: hexColorSchema.optional(), radius: z.unknown().optional() })
  .nullish();

/** One feature -> the zone it creates; geometry problems keep their place (geometry.coordinates[0]). */
const featureSchema = z
  .object(
    {
      type: z.literal('Feature', { error: IMPORT_NOT_A_FEATURE }),
      geometry: z.unknown().optional(),
      properties: propertiesSchema,
    },
    { error: IMPORT_NOT_A_FEATURE },
  )
  .transform((feature, context) => {
    const { radius, color } = feature.properties ?? {};
    const raw = feature.geometry;
    const input = raw && typeof raw === 'object' && !Array.isArray(raw) ? { ...raw, radius, color } : raw;
    const result = geoZoneGeometrySchema.safeParse(input);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const [first] = issue.path;
        const path =
          first === 'radius' || first === 'color' ? ['properties', ...issue.path] : ['geometry', ...issue.path];
        context.addIssue({ code: 'custom', message: issue.message, path });
      }
      return z.NEVER;
    }
    return { name: feature.properties?.name ?? null, geometry: result.data };
  });

export const geoZoneImportSchema = z.object(
  {
    type: z.literal('FeatureCollection', { error: IMPORT_NOT_FEATURE_COLLECTION }),
    features: z
      .array(featureSchema, { error: IMPORT_NOT_FEATURE_COLLECTION })
      .min(1, { error: IMPORT_NO_ZONES })
      .max(MAX_ZONES_PER_IMPORT, { error: IMPORT_TOO_MANY_ZONES }),
  },
  { error: IMPORT_NOT_FEATURE_COLLECTION },
);
export type GeoZoneImport = z.infer<typeof geoZoneImportSchema>;
