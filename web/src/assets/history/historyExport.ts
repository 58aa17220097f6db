import type { Stop } from '@shared/history/stops';
import { safeText } from '@shared/safe-text';
import type { TrackFix } from '@shared/schemas/asset-history';
import type { HistoryRange } from './historyRange';

/**
 * The period's fixes as files, written in the browser from what the history read: GeoJSON (every fix, with
 * its accuracy, source, zone and, when refused, why; and the stops), GPX 1.1 (the accepted fixes as a track,
 * the stops as waypoints) and CSV (one row per fix, through the exports' CSV writer and cell rule).
 */
export type HistoryFormat = 'geojson' | 'gpx' | 'csv';

export const MEDIA_TYPES: Record<HistoryFormat, string> = {
  geojson: 'application/geo+json',
  gpx: 'application/gpx+xml',
  csv: 'text/csv;charset=utf-8',
};

/** `<asset>_<from>_<to>.<ext>`: the asset's name kept to letters, digits, dash and underscore. */
export function historyFileName(assetName: string, range: HistoryRange, format: HistoryFormat): string {
  const name =
    assetName
      .normalize('NFKD')
      .replace(/[^\w-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'asset';
  return `${name}_${range.from}_${range.to}.${format}`;
}

export function historyGeoJson(assetName: string, fixes: readonly TrackFix[], stops: readonly Stop[]): string {
  const fixFeatures = fixes
    .filter((fix) => fix.latitude !== null && fix.longitude !== null)
    .map((fix) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [fix.longitude, fix.latitude] },
      properties: {
        kind: fix.outlier === undefined ? 'fix' : 'outlier',
        id: fix.id,
        at: fix.at,
        radius: fix.radius,
        source: fix.source,
        type: fix.type,
        deviceId: fix.deviceId,
        zone: fix.zone?.name ?? null,
        ...(fix.outlier === undefined ? {} : { reason: fix.outlier }),
      },
    }));
  const dropped = fixes.flatMap((fix) =>
    (fix.dropped ?? []).map((position) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [position.longitude, position.latitude] },
      properties: {
        kind: 'dropped',
        id: fix.id,
        at: fix.at,
        radius: position.radius,
        source: position.source,
        reason: position.reason,
      },
    })),
  );
  const stopFeatures = stops.map((stop) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [stop.longitude, stop.latitude] },
    properties: { kind: 'stop', from: stop.from, to: stop.to, radius: stop.radius, fixes: stop.fixes },
  }));
  return JSON.stringify({
    type: 'FeatureCollection',
    name: assetName,
    features: [...fixFeatures, ...dropped, ...stopFeatures],
  });
}

const xml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] as string,
  );

export function historyGpx(
  assetName: string,
  fixes: readonly TrackFix[],
  stops: readonly Stop[],
  stopName: (n: number) => string,
) {
  const points = fixes
    .filter((fix) => fix.latitude !== null && fix.longitude !== null && fix.outlier === undefined)
    .map(
      (fix) =>
        `<trkpt lat="${fix.latitude}" lon="${fix.longitude}"><time>${fix.at}</time>${fix.radius === null ? '' : `<desc>±${fix.radius} m ${fix.source ?? ''}</desc>`}</trkpt>`,
    );
  const waypoints = stops.map(
    (stop, i) =>
      `<wpt lat="${stop.latitude}" lon="${stop.longitude}"><time>${stop.from}</time><name>${xml(stopName(i + 1))}</name><desc>${stop.from} – ${stop.to}</desc></wpt>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gpx version="1.1" creator="tracking-console" xmlns="http://www.topografix.com/GPX/1/1">',
    `<metadata><name>${xml(assetName)}</name></metadata>`,
    ...waypoints,
    `<trk><name>${xml(assetName)}</name><trkseg>`,
    ...points,
    '</trkseg></trk>',
    '</gpx>',
  ].join('\n');
}

export const CSV_COLUMNS = [
  'at',
  'latitude',
  'longitude',
  'radius',
  'source',
  'type',
  'device',
  'zone',
  'status',
  'reason',
] as const;

/** Rows of the CSV: a fix, an outlier, or a dropped position (its event's time, the filter's reason). */
export function historyCsvRows(fixes: readonly TrackFix[]): (string | number | null)[][] {
  const rows: (string | number | null)[][] = [];
  for (const fix of fixes) {
    if (fix.latitude !== null) {
      const status = fix.outlier === undefined ? 'fix' : 'outlier';
      rows.push([
        fix.at,
        fix.latitude,
        fix.longitude,
        fix.radius,
        fix.source,
        fix.type,
        fix.deviceId,
        fix.zone?.name ?? null,
        status,
        fix.outlier ?? null,
      ]);
    }
    for (const dropped of fix.dropped ?? []) {
      rows.push([
        fix.at,
        dropped.latitude,
        dropped.longitude,
        dropped.radius,
        dropped.source,
        fix.type,
        fix.deviceId,
        null,
        'dropped',
        dropped.reason,
      ]);
    }
  }
  return rows;
}

/** The CSV as the server's exports write it: a BOM, RFC 4180 quoting, no cell a spreadsheet runs as a formula. */
export async function historyCsv(header: readonly string[], fixes: readonly TrackFix[]): Promise<string> {
  // The CSV writer's browser build carries its own Buffer: loaded when a CSV is asked for, not with the tab.
  const { stringify } = await import('csv-stringify/browser/esm/sync');
  const safe = (cell: string | number | null) => (typeof cell === 'string' ? safeText(cell, 'csv') : (cell ?? ''));
  return stringify(
    [header.map((label) => safeText(label, 'csv')), ...historyCsvRows(fixes).map((row) => row.map(safe))],
    {
      bom: true,
    },
  );
}
