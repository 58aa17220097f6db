import {
  type AssetMapAnswer,
  type AssetMapPage,
  MAP_ANSWER_VERSION,
  MAP_COORDINATE_DECIMALS,
  type MapMarker,
} from './asset-map';

/**
 * The columnar map answer (assetMapAnswerSchema) from marker tuples and back. Pure and shared: the API
 * encodes, the console decodes, the tests and the bench do both. Deltas keep the numbers short (neighbours in
 * map index order are the same customer's assets: close ids, close places), so the JSON is about 35 bytes a
 * marker before compression and compresses well.
 */
const SCALE = 10 ** MAP_COORDINATE_DECIMALS;
const NO_STATUS = '-';

/** Degrees as the integer the answer carries; a marker's coordinates are already rounded to this precision. */
const scaled = (degrees: number) => Math.round(degrees * SCALE);

export type MapColumns = Omit<AssetMapAnswer, '@id' | 'next' | 'cursor'>;

export function encodeMapColumns(markers: readonly MapMarker[]): MapColumns {
  const ids: number[] = [];
  const names: string[] = [];
  const lat: number[] = [];
  const lng: number[] = [];
  const updated: (number | null)[] = [];
  let status = '';
  let level = '';
  let id = 0;
  let y = 0;
  let x = 0;
  let time = 0;
  for (const [markerId, name, statusCode, latitude, longitude, when, levelCode] of markers) {
    ids.push(markerId - id);
    id = markerId;
    names.push(name);
    status += statusCode === null ? NO_STATUS : statusCode.toString(36);
    const [nextY, nextX] = [scaled(latitude), scaled(longitude)];
    lat.push(nextY - y);
    lng.push(nextX - x);
    [y, x] = [nextY, nextX];
    updated.push(when === null ? null : when - time);
    if (when !== null) time = when;
    level += String(levelCode);
  }
  return { v: MAP_ANSWER_VERSION, count: markers.length, ids, names, status, lat, lng, updated, level };
}

export function decodeMapColumns(columns: MapColumns): MapMarker[] {
  if (columns.v !== MAP_ANSWER_VERSION) throw new Error(`Unknown map answer version ${String(columns.v)}`);
  const markers: MapMarker[] = new Array(columns.count);
  let id = 0;
  let y = 0;
  let x = 0;
  let time = 0;
  for (let i = 0; i < columns.count; i++) {
    id += columns.ids[i] as number;
    y += columns.lat[i] as number;
    x += columns.lng[i] as number;
    const delta = columns.updated[i] ?? null;
    if (delta !== null) time += delta;
    const statusChar = columns.status[i] as string;
    markers[i] = [
      id,
      columns.names[i] as string,
      statusChar === NO_STATUS ? null : Number.parseInt(statusChar, 36),
      y / SCALE,
      x / SCALE,
      delta === null ? null : time,
      Number(columns.level[i]),
    ];
  }
  return markers;
}

/** The console's page (AssetMapPage) of one answer. */
export const decodeMapAnswer = (answer: AssetMapAnswer): AssetMapPage => ({
  '@id': answer['@id'],
  markers: decodeMapColumns(answer),
  next: answer.next,
  cursor: answer.cursor,
});
