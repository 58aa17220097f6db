import { AREA_MAX_SQUARE_KM, AREA_TOO_LARGE, type AreaShape, areaSquareKm } from '../../../shared/schemas/area-search';
import { type GeoZoneGeometry, parseGeoZoneGeometry } from '../../../shared/schemas/geo-zone';
import type { TenantContext } from '../data/tenant-context';
import { geoZoneRepository } from '../geo-zones/geo-zone-repository';
import { unprocessable } from '../http/errors';
import { ZoneIndex } from '../pipeline/geofence';
import { prepareZone } from '../pipeline/geofence/prepared';
import type { Bounds } from './geohash';

export const UNKNOWN_ZONE = 'The geo zone does not exist';

/**
 * A searched area made ready for many point tests: its bounding box (what the cells must cover), its size, and
 * the exact test, which is the geofence's (a polygon's border and a circle's rim count as inside, as they do for
 * zone visits). A fix counts by its position alone: its accuracy circle merely touching the area does not make
 * it inside (docs/decisions/0320-area-search-reads-geohash-cells-keyed-on-the-event-item.md).
 */
export interface SearchArea {
  bbox: Bounds;
  squareKm: number;
  contains(longitude: number, latitude: number): boolean;
}

/** Rectangles and circles as the geofence's shapes: a rectangle is a closed four-point polygon. */
function geometryOf(area: Exclude<AreaShape, { type: 'Zone' }>): GeoZoneGeometry {
  if (area.type === 'Polygon') return area;
  if (area.type === 'Circle') return { type: 'Point', coordinates: area.center, radius: area.radius };
  const [west, south, east, north] = area.bbox;
  const ring: [number, number][] = [
    [west, south],
    [east, south],
    [east, north],
    [west, north],
    [west, south],
  ];
  return { type: 'Polygon', coordinates: [ring] };
}

export function prepareArea(geometry: GeoZoneGeometry): SearchArea {
  const shape = { id: 1, name: null, geometry };
  const index = ZoneIndex.build([shape]);
  const prepared = prepareZone(shape);
  return {
    bbox: prepared.bbox,
    squareKm: areaSquareKm(
      geometry.type === 'Point' ? geometry : { type: 'Polygon', coordinates: geometry.coordinates },
    ),
    contains: (longitude, latitude) => index.zonesAt(longitude, latitude).length > 0,
  };
}

/**
 * The area of a request: a drawn one as it came (the schema checked its size), a zone read from the caller's
 * tenant. Client users have no geo zones (spec 000 s.6), so a zone id of theirs is unknown, as another tenant's.
 */
export async function resolveArea(ctx: TenantContext, area: AreaShape, forClient: boolean): Promise<SearchArea> {
  if (area.type !== 'Zone') return prepareArea(geometryOf(area));
  const zone = forClient ? undefined : await geoZoneRepository.get(ctx, area.zoneId);
  const geometry = zone && parseGeoZoneGeometry(zone.geometry);
  if (!geometry) throw unprocessable([{ propertyPath: 'area.zoneId', message: UNKNOWN_ZONE }]);
  const prepared = prepareArea(geometry);
  if (prepared.squareKm > AREA_MAX_SQUARE_KM) throw unprocessable([{ propertyPath: 'area', message: AREA_TOO_LARGE }]);
  return prepared;
}
