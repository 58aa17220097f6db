import type { GeoZone, GeoZoneGeometry } from '../../../shared/schemas/geo-zone';

// Relative imports (not @shared): the unit tests reach these types through mapGeometry.ts.

/** GET /api/assets/map answers columns (AssetMapAnswer), decoded into pages of marker tuples (AssetMapPage). */
export type { AssetMapAnswer, AssetMapPage, MapMarker } from '../../../shared/schemas/asset-map';

/** The API answers the parsed geometry, or null for stored text that no longer parses. */
export type MapGeoZone = Omit<GeoZone, 'geometry'> & { geometry: GeoZoneGeometry | null };
