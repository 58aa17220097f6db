import {
  assetMapAnswerSchema,
  MAP_ANSWER_VERSION,
  type MapMarker,
  mapMarkerSchema,
  roundCoordinate,
} from '../../shared/schemas/asset-map';
import { decodeMapAnswer, decodeMapColumns, encodeMapColumns } from '../../shared/schemas/asset-map-codec';

/** The columnar map answer (shared/schemas/asset-map-codec.ts) gives back exactly the tuples it was made of. */
const roundTrip = (markers: MapMarker[]) => decodeMapColumns(encodeMapColumns(markers));
const answerOf = (markers: MapMarker[]) => ({
  '@id': '/api/assets/map',
  ...encodeMapColumns(markers),
  next: null,
  cursor: null,
});

describe('asset map columns', () => {
  it('round-trips the edge cases: unicode and quotes, negative coordinates, nulls, huge ids, any order', () => {
    const markers: MapMarker[] = [
      [7, 'Haspel "H-1" \\ \u0000 \u2028 ø 中文 🚚', 0, 52.12345, 5.12345, 1_764_100_000, 0],
      [Number.MAX_SAFE_INTEGER, '', null, -89.99999, -179.99999, null, 4],
      [1, 'back to a small id', 5, 90, 180, 0, 1],
      [Number.MAX_SAFE_INTEGER - 1, 'x'.repeat(255), null, -0.00001, 0.00001, 1, 3],
      [3, 'null update between', 2, 0, 0, null, 2],
      [4, 'after a null', 3, 12.5, -45.25, 1_700_000_000, 0],
    ];
    expect(roundTrip(markers)).toEqual(markers);
    for (const marker of roundTrip(markers)) expect(mapMarkerSchema.safeParse(marker).success).toBe(true);
    expect(roundTrip([])).toEqual([]);
  });

  it('gives back the coordinates the API rounded, to the last bit, over many values', () => {
    const markers: MapMarker[] = [];
    for (let i = 0; i < 5000; i++) {
      const latitude = roundCoordinate(Math.sin(i) * 89.99999);
      const longitude = roundCoordinate(Math.cos(i * 7) * 179.99999);
      markers.push([i + 1, `A-${i}`, i % 6, latitude, longitude, 1_764_000_000 - i * 61, i % 5]);
    }
    expect(roundTrip(markers)).toEqual(markers);
  });

  it('is a valid answer with columns of one length, and refuses columns that disagree or an unknown version', () => {
    const markers: MapMarker[] = [
      [12, 'Haspel H-1150', 2, 52.12345, 5.12345, 1_764_100_000, 0],
      [13, 'Haspel H-1151', null, 52.12346, 5.12344, null, 1],
    ];
    const answer = assetMapAnswerSchema.parse(answerOf(markers));
    expect(answer).toMatchObject({ v: MAP_ANSWER_VERSION, count: 2, ids: [12, 1], status: '2-', level: '01' });
    expect(decodeMapAnswer(answer)).toEqual({ '@id': '/api/assets/map', markers, next: null, cursor: null });
    expect(assetMapAnswerSchema.safeParse({ ...answer, names: ['one'] }).success).toBe(false);
    expect(assetMapAnswerSchema.safeParse({ ...answer, level: '05' }).success).toBe(false);
    expect(() => decodeMapColumns({ ...answer, v: 2 as typeof MAP_ANSWER_VERSION })).toThrow(/version/);
  });

  it('is small: ordinary markers take ~30 bytes of JSON, half of the tuples', () => {
    const markers: MapMarker[] = Array.from({ length: 10_000 }, (_, i) => [
      i + 1,
      `Haspel H-${1000 + i}`,
      i % 6,
      roundCoordinate(52 + (i % 97) / 1000),
      roundCoordinate(4.5 + (i % 89) / 1000),
      1_764_000_000 + i * 13,
      i % 5,
    ]);
    const columns = JSON.stringify(answerOf(markers)).length / markers.length;
    const tuples = JSON.stringify({ markers }).length / markers.length;
    expect(columns).toBeLessThan(40);
    expect(columns).toBeLessThan(tuples * 0.7);
  });
});
