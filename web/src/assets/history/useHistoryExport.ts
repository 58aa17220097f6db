import type { Stop } from '@shared/history/stops';
import type { Asset } from '@shared/schemas/asset';
import type { TrackFix } from '@shared/schemas/asset-history';
import { useTranslation } from 'react-i18next';
import {
  CSV_COLUMNS,
  type HistoryFormat,
  historyCsv,
  historyFileName,
  historyGeoJson,
  historyGpx,
  MEDIA_TYPES,
} from './historyExport';
import type { HistoryRange } from './historyRange';

/** Saves the period as a file named after the asset and the period, its headings in the user's language. */
export function useHistoryExport(
  asset: Asset,
  range: HistoryRange,
  fixes: readonly TrackFix[],
  stops: readonly Stop[],
) {
  const { t } = useTranslation('assetHistory');
  return async (format: HistoryFormat) => {
    const text =
      format === 'geojson'
        ? historyGeoJson(asset.name, fixes, stops)
        : format === 'gpx'
          ? historyGpx(asset.name, fixes, stops, (n) => t('stopName', { n }))
          : await historyCsv(
              CSV_COLUMNS.map((column) => t(`csv.${column}`)),
              fixes,
            );
    downloadText(text, historyFileName(asset.name, range, format), MEDIA_TYPES[format]);
  };
}

function downloadText(text: string, fileName: string, mediaType: string) {
  const url = URL.createObjectURL(new Blob([text], { type: mediaType }));
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
