import type { TrackFix } from '../../shared/schemas/asset-history';
import {
  historyCsv,
  historyCsvRows,
  historyFileName,
  historyGeoJson,
  historyGpx,
} from '../../web/src/assets/history/historyExport';
import { acceptedFixes, fixPoints, rejectedPoints, trackLines } from '../../web/src/assets/history/historyGeometry';
import { rangeOf, rangeProblem } from '../../web/src/assets/history/historyRange';

// The CSV writer's browser build is the same library as its Node build, bundled with a Buffer for browsers;
// jest runs CommonJS, so the test reads the Node build.
jest.mock('csv-stringify/browser/esm/sync', () => jest.requireActual('csv-stringify/sync'));

/**
 * The history tab's pure parts: what the map's sources hold (lines broken at long silences, refused positions
 * apart with their reason), the period in the address, and the files of the period.
 */
const HOUR = 3_600_000;
const T0 = Date.parse('2026-11-02T08:00:00.000Z');
const fix = (hours: number, extra: Partial<TrackFix> = {}): TrackFix => ({
  id: hours * 10 + 1,
  at: new Date(T0 + hours * HOUR).toISOString(),
  latitude: 52 + hours / 1000,
  longitude: 5,
  radius: 10,
  source: 'gnss',
  type: 'moving',
  deviceId: 3,
  zone: null,
  ...extra,
});

const FIXES: TrackFix[] = [
  fix(0),
  fix(1),
  fix(2, { outlier: 'Speed of 900 km/h from the fix before' }),
  fix(3, {
    latitude: null,
    longitude: null,
    dropped: [{ latitude: 48, longitude: 2, radius: 3000, source: 'network', reason: 'Jump of 500 km' }],
  }),
  fix(10),
  fix(11, { zone: { id: 4, name: '=HYPERLINK("x")' } }),
];

describe('the history map sources', () => {
  it('draws accepted fixes only, and breaks the line where fixes are more than 3 hours apart', () => {
    const accepted = acceptedFixes(FIXES);
    expect(accepted.map((f) => f.id)).toEqual([1, 11, 101, 111]);
    expect(fixPoints(accepted).features).toHaveLength(4);
    const lines = trackLines(accepted).features[0]?.geometry.coordinates ?? [];
    expect(lines.map((line) => line.length)).toEqual([2, 2]);
  });

  it('draws outliers and dropped positions apart, each with its reason', () => {
    const rejected = rejectedPoints(FIXES).features.map((feature) => feature.properties);
    expect(rejected).toEqual([
      expect.objectContaining({ kind: 'outlier', reason: 'Speed of 900 km/h from the fix before' }),
      expect.objectContaining({ kind: 'dropped', reason: 'Jump of 500 km' }),
    ]);
  });
});

describe('the period in the address', () => {
  const now = new Date('2026-12-01T10:00:00');
  it('reads ?history=from..to, and falls back to the last 7 days', () => {
    expect(rangeOf('?history=2026-11-01..2026-11-30', now)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(rangeOf('', now)).toEqual({ from: '2026-11-25', to: '2026-12-01' });
    expect(rangeOf('?history=2026-11-30..2026-11-01', now)).toEqual({ from: '2026-11-25', to: '2026-12-01' });
    expect(rangeOf('?history=2024-01-01..2026-11-01', now)).toEqual({ from: '2026-11-25', to: '2026-12-01' });
  });

  it('says why a period cannot be asked for', () => {
    expect(rangeProblem({ from: '2026-11-02', to: '2026-11-01' })).toBe('reversed');
    expect(rangeProblem({ from: '2025-01-01', to: '2026-11-01' })).toBe('tooLong');
    expect(rangeProblem({ from: '', to: '2026-11-01' })).toBe('incomplete');
    expect(rangeProblem({ from: '2026-11-01', to: '2026-11-01' })).toBeNull();
  });
});

describe('the files of the period', () => {
  it('names them after the asset and the period', () => {
    expect(historyFileName('Haspel H-12 / Kade', { from: '2026-11-01', to: '2026-11-07' }, 'gpx')).toBe(
      'Haspel-H-12-Kade_2026-11-01_2026-11-07.gpx',
    );
    expect(historyFileName('???', { from: '2026-11-01', to: '2026-11-07' }, 'csv')).toBe(
      'asset_2026-11-01_2026-11-07.csv',
    );
  });

  it('writes every fix, outlier and dropped position to GeoJSON and CSV, only accepted fixes to the GPX track', () => {
    const geo = JSON.parse(historyGeoJson('Reel', FIXES, [])) as { features: { properties: { kind: string } }[] };
    expect(geo.features.map((feature) => feature.properties.kind)).toEqual([
      'fix',
      'fix',
      'outlier',
      'fix',
      'fix',
      'dropped',
    ]);
    const rows = historyCsvRows(FIXES);
    expect(rows.map((row) => row[8])).toEqual(['fix', 'fix', 'outlier', 'dropped', 'fix', 'fix']);
    const gpx = historyGpx('Reel <&>', FIXES, [], (n) => `Stop ${n}`);
    expect(gpx.match(/<trkpt /g)).toHaveLength(4);
    expect(gpx).toContain('<name>Reel &lt;&amp;&gt;</name>');
  });

  it('writes the CSV with a BOM, quoting, and no cell a spreadsheet would run', async () => {
    const csv = await historyCsv(['Time', 'Zone'], FIXES);
    expect(csv.startsWith('\ufeffTime,Zone')).toBe(true);
    expect(csv).toContain('"\'=HYPERLINK(""x"")"');
    expect(csv.trim().split('\n')).toHaveLength(FIXES.length + 1);
  });
});
