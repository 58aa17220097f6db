import type { ZoneShape } from '../../functions/lib/pipeline/contracts';
import { destinationPoint } from '../../functions/lib/pipeline/geofence/geodesy';
import { mulberry32 } from '../seed/prng';

/**
 * Realistic zones for the geofence benchmark, from a fixed seed: yards, depots and sites spread over the
 * Netherlands' land box, polygons of 5 to 200 vertices (concave, some with a hole) 100 m to 3 km across, and
 * circles of 30 m to 2 km. Positions: three in four near a zone (tags mostly sit at yards and sites), the
 * rest anywhere in the box.
 */
export const NL_BOX = { minLon: 3.4, maxLon: 7.2, minLat: 50.75, maxLat: 53.5 };

const between = (random: () => number, min: number, max: number) => min + random() * (max - min);

function starRing(random: () => number, lon: number, lat: number, vertices: number, size: number, scale = 1) {
  const ring: [number, number][] = [];
  for (let i = 0; i < vertices; i++) {
    const metres = scale * size * between(random, 0.55, 1);
    ring.push(destinationPoint(lon, lat, metres, (2 * Math.PI * i) / vertices));
  }
  ring.push(ring[0] as [number, number]);
  return ring;
}

export function benchZones(count: number, seed = 42): ZoneShape[] {
  const random = mulberry32(seed);
  const zones: ZoneShape[] = [];
  for (let id = 1; id <= count; id++) {
    const lon = between(random, NL_BOX.minLon + 0.3, NL_BOX.maxLon - 0.3);
    const lat = between(random, NL_BOX.minLat + 0.2, NL_BOX.maxLat - 0.2);
    if (random() < 0.3) {
      zones.push({
        id,
        name: `circle ${id}`,
        geometry: { type: 'Point', coordinates: [lon, lat], radius: between(random, 30, 2000) },
      });
      continue;
    }
    const vertices = Math.round(between(random, 5, 200));
    const size = between(random, 100, 1500);
    const outer = starRing(random, lon, lat, vertices, size);
    const coordinates = random() < 0.2 ? [outer, starRing(random, lon, lat, 8, size, 0.25).reverse()] : [outer];
    zones.push({ id, name: `polygon ${id}`, geometry: { type: 'Polygon', coordinates } });
  }
  return zones;
}

export function benchPositions(zones: ZoneShape[], count: number, seed = 7): [number, number][] {
  const random = mulberry32(seed);
  const positions: [number, number][] = [];
  for (let i = 0; i < count; i++) {
    const zone = zones[Math.floor(random() * zones.length)];
    if (zone && random() < 0.75) {
      const [lon, lat] =
        zone.geometry.type === 'Point' ? zone.geometry.coordinates : (zone.geometry.coordinates[0]?.[0] ?? [5, 52]);
      positions.push(destinationPoint(lon, lat, between(random, 0, 2500), between(random, 0, 2 * Math.PI)));
    } else {
      positions.push([between(random, NL_BOX.minLon, NL_BOX.maxLon), between(random, NL_BOX.minLat, NL_BOX.maxLat)]);
    }
  }
  return positions;
}
