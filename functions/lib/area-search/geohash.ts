/**
 * Geohash (Niemeyer, 2008): a base-32 string whose bits interleave longitude and latitude halvings, so a
 * prefix is a cell holding every longer hash that starts with it. The area search keys located events by
 * the cell of their position (area-keys.ts) and covers a searched area with cells (`cellsCovering`). A
 * small encoder rather than a dependency: three functions, tested against the published vectors
 * (test/unit/area-cells.test.ts).
 */
const BASE32 = '0123456789bcdefghjkmnpqrstuvwxyz';

/** [west, south, east, north] in degrees. */
export type Bounds = [number, number, number, number];

export function encodeGeohash(latitude: number, longitude: number, precision: number): string {
  let [minLat, maxLat, minLon, maxLon] = [-90, 90, -180, 180];
  let hash = '';
  let bits = 0;
  let value = 0;
  let evenBit = true;
  while (hash.length < precision) {
    if (evenBit) {
      const mid = (minLon + maxLon) / 2;
      value = value * 2 + (longitude >= mid ? 1 : 0);
      if (longitude >= mid) minLon = mid;
      else maxLon = mid;
    } else {
      const mid = (minLat + maxLat) / 2;
      value = value * 2 + (latitude >= mid ? 1 : 0);
      if (latitude >= mid) minLat = mid;
      else maxLat = mid;
    }
    evenBit = !evenBit;
    if (++bits === 5) {
      hash += BASE32[value];
      bits = 0;
      value = 0;
    }
  }
  return hash;
}

/** The cell a geohash names, as [west, south, east, north]. */
export function geohashBounds(hash: string): Bounds {
  let [minLat, maxLat, minLon, maxLon] = [-90, 90, -180, 180];
  let evenBit = true;
  for (const char of hash) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new RangeError(`Not a geohash: ${hash}`);
    for (let bit = 4; bit >= 0; bit--) {
      const set = ((value >> bit) & 1) === 1;
      if (evenBit) {
        const mid = (minLon + maxLon) / 2;
        if (set) minLon = mid;
        else maxLon = mid;
      } else {
        const mid = (minLat + maxLat) / 2;
        if (set) minLat = mid;
        else maxLat = mid;
      }
      evenBit = !evenBit;
    }
  }
  return [minLon, minLat, maxLon, maxLat];
}

/** A cell's size in degrees at a precision: 5 bits a character, longitude taking the odd one. */
export function cellSize(precision: number): { width: number; height: number } {
  const bits = precision * 5;
  const lonBits = Math.ceil(bits / 2);
  const latBits = Math.floor(bits / 2);
  return { width: 360 / 2 ** lonBits, height: 180 / 2 ** latBits };
}

/**
 * The cells of a precision that meet a box: the grid is regular, so walking it in cell steps from the box's
 * south-west corner and encoding each step's centre visits each cell once. `limit` stops a box too large to
 * walk (the caller refuses it): the answer then holds limit + 1 cells.
 */
export function cellsCovering(box: Bounds, precision: number, limit = Number.POSITIVE_INFINITY): string[] {
  const { width, height } = cellSize(precision);
  const [west, south, east, north] = box;
  // Column and row numbers of the grid (integers, so no step accumulates rounding).
  const column = (lon: number) => Math.min(Math.floor((lon + 180) / width), 360 / width - 1);
  const row = (lat: number) => Math.min(Math.floor((lat + 90) / height), 180 / height - 1);
  const cells: string[] = [];
  for (let y = row(south); y <= row(north); y++) {
    for (let x = column(west); x <= column(east); x++) {
      cells.push(encodeGeohash(-90 + (y + 0.5) * height, -180 + (x + 0.5) * width, precision));
      if (cells.length > limit) return cells;
    }
  }
  return cells;
}
