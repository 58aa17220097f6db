import { useMemo, useRef } from 'react';
import type { MapMarker } from '../../../shared/schemas/asset-map';

/** At most this many markers are named: a message changes a handful; a reload changes them all. */
const NAMED = 20;

/**
 * The markers that changed since the previous render of the map's data, as `id:lat,lon:level` joined by
 * spaces, for the map's `data-changed-markers` attribute: what the browser tests (and anyone looking) read to
 * see a marker move without reaching into MapLibre. The live layer replaces only the tuples that changed (the
 * others keep their identity), so the comparison is by identity, one pass over the markers.
 */
export function useChangedMarkers(markers: readonly MapMarker[]): string {
  const previous = useRef<ReadonlySet<MapMarker>>(new Set());
  const last = useRef('');
  return useMemo(() => {
    const before = previous.current;
    previous.current = new Set(markers);
    // The first load (or a reload of all) names nothing: only changes against a drawn map count.
    if (before.size === 0) return last.current;
    const changed: string[] = [];
    for (const marker of markers) {
      if (before.has(marker)) continue;
      const [id, , , lat, lon, , level] = marker;
      changed.push(`${id}:${lat},${lon}:${level}`);
      if (changed.length > NAMED) return last.current;
    }
    if (changed.length > 0) last.current = changed.join(' ');
    return last.current;
  }, [markers]);
}
