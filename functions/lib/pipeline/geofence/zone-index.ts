import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import Flatbush from 'flatbush';
import type { Fix, ZoneObservation, ZoneShape } from '../contracts';
import { circleBBox, haversineMetres, METRES_PER_DEGREE, metresPerDegreeLon } from './geodesy';
import { distanceToBorder, type PreparedZone, polygonContains, prepareZone } from './prepared';

/**
 * A tenant's zones, indexed once (docs/geofencing.md). A position is tested only against the zones whose
 * bounding box holds it (flatbush, a packed static R-tree), then exactly: polygons (holes included) by a
 * crossing test over rings flattened at build time, handing points within 10 µm of an edge to
 * @turf/boolean-point-in-polygon so borders count as inside exactly as turf says; circles by great-circle
 * distance, the border inside.
 */

/** Share of the accuracy radius kept as a margin for the flat projection's distortion, plus a centimetre. */
const RELATIVE_MARGIN = 0.005;
const ABSOLUTE_MARGIN_M = 0.01;

function contains(zone: PreparedZone, lon: number, lat: number): boolean {
  if (zone.kind === 'circle') return haversineMetres(zone.longitude, zone.latitude, lon, lat) <= zone.radius;
  return polygonContains(zone, lon, lat) ?? booleanPointInPolygon([lon, lat], zone.turfPolygon);
}

export class ZoneIndex {
  private readonly tree: Flatbush | null;
  private readonly byId: Map<number, PreparedZone>;

  private constructor(private readonly zones: PreparedZone[]) {
    this.byId = new Map(zones.map((zone) => [zone.shape.id, zone]));
    if (zones.length === 0) {
      this.tree = null;
      return;
    }
    const tree = new Flatbush(zones.length);
    for (const { bbox } of zones) tree.add(bbox[0], bbox[1], bbox[2], bbox[3]);
    tree.finish();
    this.tree = tree;
  }

  static build(zones: ZoneShape[]): ZoneIndex {
    return new ZoneIndex(zones.map(prepareZone));
  }

  get size(): number {
    return this.zones.length;
  }

  has(zoneId: number): boolean {
    return this.byId.has(zoneId);
  }

  private candidates(lon: number, lat: number): number[] {
    if (!this.tree || !Number.isFinite(lon) || !Number.isFinite(lat)) return [];
    return this.tree.search(lon, lat, lon, lat);
  }

  /** The zone with this id, or undefined when the tenant has no such zone (any more). */
  zone(zoneId: number): ZoneShape | undefined {
    return this.byId.get(zoneId)?.shape;
  }

  /**
   * The ids of the zones whose box meets the box of the accuracy circle around the point: the only zones
   * `observe` can answer other than `outside` for (zone visits test these and the ones the asset is in).
   */
  zonesNear(lon: number, lat: number, accuracy: number): number[] {
    if (!this.tree || !Number.isFinite(lon) || !Number.isFinite(lat)) return [];
    const radius = Number.isFinite(accuracy) ? Math.max(0, accuracy) * (1 + RELATIVE_MARGIN) + ABSOLUTE_MARGIN_M : 0;
    const [minLon, minLat, maxLon, maxLat] = circleBBox(lon, lat, radius);
    return this.tree.search(minLon, minLat, maxLon, maxLat).map((i) => this.zones[i]?.shape.id as number);
  }

  /** Every zone that holds the point, in index order. */
  zonesAt(lon: number, lat: number): ZoneShape[] {
    const found: ZoneShape[] = [];
    for (const i of this.candidates(lon, lat)) {
      const zone = this.zones[i];
      if (zone && contains(zone, lon, lat)) found.push(zone.shape);
    }
    return found;
  }

  /**
   * The zone an event is recorded in: of several overlapping zones the smallest by area (the most specific
   * place: a yard inside a region), equal areas by the lower id. Null outside every zone.
   */
  zoneOf(lon: number, lat: number): ZoneShape | null {
    let best: PreparedZone | null = null;
    for (const i of this.candidates(lon, lat)) {
      const zone = this.zones[i];
      if (!zone || (best && (zone.area > best.area || (zone.area === best.area && zone.shape.id > best.shape.id)))) {
        continue;
      }
      if (contains(zone, lon, lat)) best = zone;
    }
    return best?.shape ?? null;
  }

  /**
   * Accuracy-aware: `inside` only when the fix's whole accuracy circle is inside the zone, `outside` only when
   * it is wholly outside, `uncertain` when it straddles the border (or the zone is not in the index). A fix
   * without an accuracy is taken as exact.
   */
  observe(zoneId: number, fix: Pick<Fix, 'latitude' | 'longitude' | 'accuracy'>): ZoneObservation {
    const zone = this.byId.get(zoneId);
    const { latitude: lat, longitude: lon } = fix;
    if (!zone || !Number.isFinite(lat) || !Number.isFinite(lon)) return 'uncertain';
    const accuracy = Math.max(0, fix.accuracy ?? 0);
    const inside = contains(zone, lon, lat);
    if (accuracy === 0) return inside ? 'inside' : 'outside';
    const needed = accuracy * (1 + RELATIVE_MARGIN) + ABSOLUTE_MARGIN_M;
    if (zone.kind === 'circle') {
      const distance = haversineMetres(zone.longitude, zone.latitude, lon, lat);
      if (distance + needed <= zone.radius) return 'inside';
      return distance - needed > zone.radius ? 'outside' : 'uncertain';
    }
    if (!inside && !this.circleMeetsBBox(zone, lon, lat, needed)) return 'outside';
    if (distanceToBorder(zone, lon, lat) <= needed) return 'uncertain';
    return inside ? 'inside' : 'outside';
  }

  /** Cheap test before walking every edge: is the accuracy circle's box clear of the zone's box? */
  private circleMeetsBBox(zone: PreparedZone, lon: number, lat: number, radius: number): boolean {
    const dLat = radius / METRES_PER_DEGREE;
    const dLon = radius / Math.max(1e-9, metresPerDegreeLon(Math.min(89, Math.abs(lat) + dLat)));
    const [minLon, minLat, maxLon, maxLat] = zone.bbox;
    return lon + dLon >= minLon && lon - dLon <= maxLon && lat + dLat >= minLat && lat - dLat <= maxLat;
  }
}
