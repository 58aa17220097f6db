import type { z } from 'zod';
import { toViolations } from '../../functions/lib/http/validation';
import {
  geoZoneImportSchema,
  IMPORT_NO_ZONES,
  IMPORT_NOT_A_FEATURE,
  IMPORT_NOT_FEATURE_COLLECTION,
  IMPORT_TOO_MANY_ZONES,
  MAX_ZONES_PER_IMPORT,
  toGeoZoneFeature,
} from '../../shared/schemas/geo-zone-geojson';

/** Geo zones as GeoJSON: the export's features and the import's all-or-nothing validation. */
const square = [
  [4, 52],
  [4.01, 52],
  [4.01, 52.01],
  [4, 52],
];
const messages = (input: unknown) => {
  const result = (geoZoneImportSchema as z.ZodType).safeParse(input);
  return result.success ? [] : toViolations(result.error).map((v) => `${v.propertyPath}: ${v.message}`);
};

describe('geo zone GeoJSON', () => {
  it('exports a circle as a Point feature with radius, name and colour as properties', () => {
    const circle = {
      id: 3,
      name: 'Yard',
      geometry: { type: 'Point' as const, coordinates: [4, 52] as [number, number], radius: 40 },
    };
    expect(toGeoZoneFeature(circle, '#3388ff')).toEqual({
      type: 'Feature',
      id: 3,
      geometry: { type: 'Point', coordinates: [4, 52] },
      properties: { name: 'Yard', color: '#3388ff', radius: 40 },
    });
    const area = {
      id: 4,
      name: null,
      geometry: { type: 'Polygon' as const, coordinates: [square] as [number, number][][], color: '#ff0000' },
    };
    expect(toGeoZoneFeature(area, '#3388ff').properties).toEqual({ name: null, color: '#ff0000' });
  });

  it('imports features into zones: radius and colour move into the geometry, the name is kept', () => {
    const parsed = geoZoneImportSchema.parse({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [4, 52] },
          properties: { name: ' Yard ', radius: 50, color: '#00ff00' },
        },
        { type: 'Feature', id: 9, geometry: { type: 'Polygon', coordinates: [square] }, properties: null },
      ],
    });
    expect(parsed.features).toEqual([
      { name: 'Yard', geometry: { type: 'Point', coordinates: [4, 52], radius: 50, color: '#00ff00' } },
      { name: null, geometry: { type: 'Polygon', coordinates: [square] } },
    ]);
  });

  it('lists every problem with its feature, and refuses what is no FeatureCollection', () => {
    expect(
      messages({
        type: 'FeatureCollection',
        features: [
          { type: 'Feature', geometry: { type: 'Polygon', coordinates: [square.slice(0, 3)] } },
          'text',
          { type: 'Feature', geometry: { type: 'Point', coordinates: [4, 52] }, properties: { radius: 10 } },
        ],
      }),
    ).toEqual([
      'features[0].geometry.coordinates[0]: The outline must end at its first point',
      `features[1]: ${IMPORT_NOT_A_FEATURE}`,
      'features[2].properties.radius: The radius must be at least 15',
    ]);
    expect(messages([])).toEqual([`: ${IMPORT_NOT_FEATURE_COLLECTION}`]);
    expect(messages({ type: 'FeatureCollection', features: [] })).toEqual([`features: ${IMPORT_NO_ZONES}`]);
    const feature = { type: 'Feature', geometry: { type: 'Point', coordinates: [4, 52] } };
    const tooMany = {
      type: 'FeatureCollection',
      features: Array.from({ length: MAX_ZONES_PER_IMPORT + 1 }, () => feature),
    };
    expect(messages(tooMany)).toEqual([`features: ${IMPORT_TOO_MANY_ZONES}`]);
  });
});
