import type { Stop } from '@shared/history/stops';
import { isAcceptedFix, type TrackFix } from '@shared/schemas/asset-history';
import type { Feature, FeatureCollection, MultiLineString, Point } from 'geojson';

/**
 * The history map's data: one GeoJSON source per layer, rebuilt from all fixes read so far (a year is ~35,000
 * fixes: one setData per layer per page, no marker per fix in the page).
 */
export type PositionedFix = TrackFix & { latitude: number; longitude: number };

/** Two fixes further apart in time are not joined by a line: where it went between them is not known. */
export const LINE_GAP_MS = 3 * 3_600_000;
/** Metres per pixel at zoom 0 on the equator (512 px tiles, as MapLibre draws them). */
const METRES_PER_PIXEL_Z0 = 78_271.517;

export const acceptedFixes = (fixes: readonly TrackFix[]): PositionedFix[] => fixes.filter(isAcceptedFix);

/** The fixes as points; `r0` is the accuracy radius in pixels at zoom 0, which the layer scales by 2^zoom. */
export function fixPoints(fixes: readonly PositionedFix[]): FeatureCollection<Point> {
  return {
    type: 'FeatureCollection',
    features: fixes.map((fix, index) => ({
      type: 'Feature',
      properties: {
        index,
        r0: (fix.radius ?? 0) / (METRES_PER_PIXEL_Z0 * Math.cos((fix.latitude * Math.PI) / 180)),
      },
      geometry: { type: 'Point', coordinates: [fix.longitude, fix.latitude] },
    })),
  };
}

/** The track as lines between consecutive fixes, broken wherever fixes are more than LINE_GAP_MS apart. */
export function trackLines(fixes: readonly PositionedFix[], gapMs = LINE_GAP_MS): FeatureCollection<MultiLineString> {
  const lines: [number, number][][] = [];
  let current: [number, number][] = [];
  let last = Number.NEGATIVE_INFINITY;
  for (const fix of fixes) {
    const at = Date.parse(fix.at);
    if (at - last > gapMs) {
      if (current.length > 1) lines.push(current);
      current = [];
    }
    current.push([fix.longitude, fix.latitude]);
    last = at;
  }
  if (current.length > 1) lines.push(current);
  return {
    type: 'FeatureCollection',
    features: lines.length
      ? [{ type: 'Feature', properties: {}, geometry: { type: 'MultiLineString', coordinates: lines } }]
      : [],
  };
}

/** What the filter refused and the accepted fixes later marked outliers: drawn hollow and grey, with why. */
export function rejectedPoints(fixes: readonly TrackFix[]): FeatureCollection<Point> {
  const features: Feature<Point>[] = [];
  for (const fix of fixes) {
    if (fix.outlier !== undefined && fix.latitude !== null && fix.longitude !== null) {
      features.push(point(fix.longitude, fix.latitude, { kind: 'outlier', reason: fix.outlier, at: fix.at }));
    }
    for (const dropped of fix.dropped ?? []) {
      features.push(
        point(dropped.longitude, dropped.latitude, { kind: 'dropped', reason: dropped.reason, at: fix.at }),
      );
    }
  }
  return { type: 'FeatureCollection', features };
}

export function stopPoints(stops: readonly Stop[]): FeatureCollection<Point> {
  return {
    type: 'FeatureCollection',
    features: stops.map((stop, index) =>
      point(stop.longitude, stop.latitude, {
        index,
        label: String(index + 1),
        r0: stop.radius / (METRES_PER_PIXEL_Z0 * Math.cos((stop.latitude * Math.PI) / 180)),
      }),
    ),
  };
}

export function singlePoint(fix: PositionedFix | undefined): FeatureCollection<Point> {
  return { type: 'FeatureCollection', features: fix ? [point(fix.longitude, fix.latitude, {})] : [] };
}

const point = (longitude: number, latitude: number, properties: Record<string, unknown>): Feature<Point> => ({
  type: 'Feature',
  properties,
  geometry: { type: 'Point', coordinates: [longitude, latitude] },
});

/** [west, south, east, north] of the fixes, for fitting the map to the period. */
export function boundsOf(fixes: readonly { latitude: number; longitude: number }[]) {
  if (fixes.length === 0) return null;
  let [west, south, east, north] = [180, 90, -180, -90];
  for (const { latitude, longitude } of fixes) {
    west = Math.min(west, longitude);
    east = Math.max(east, longitude);
    south = Math.min(south, latitude);
    north = Math.max(north, latitude);
  }
  return [west, south, east, north] as [number, number, number, number];
}
