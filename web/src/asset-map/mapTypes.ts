import type { Asset } from '../../../shared/schemas/asset';
import type { GeoZone, GeoZoneGeometry } from '../../../shared/schemas/geo-zone';

// Relative imports (not @shared): the unit tests reach these types through mapGeometry.ts.

/** GET /api/assets/map answers the map fields only (functions/http/assets.ts 'assets.map'). */
export type MapAsset = Pick<Asset, 'id' | 'name' | 'last_event'> & {
  lastLocationUpdate?: string | null;
  status?: Asset['status'];
};

/** The API answers the parsed geometry, or null for stored text that no longer parses. */
export type MapGeoZone = Omit<GeoZone, 'geometry'> & { geometry: GeoZoneGeometry | null };
