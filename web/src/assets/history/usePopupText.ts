import type { Stop } from '@shared/history/stops';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../assetFormat';
import type { PositionedFix } from './historyGeometry';
import type { PopupText } from './historyLayers';

/** What a popup (and the slider's line) says of a fix, a stop or a refused position, in the user's language. */
export function usePopupText(accepted: readonly PositionedFix[], stops: readonly Stop[]): PopupText {
  const { t } = useTranslation('assetHistory');
  return (layer, properties) => {
    if (layer === 'history-stops') {
      const stop = stops[Number(properties.index)];
      if (!stop) return [];
      return [
        t('stopName', { n: Number(properties.index) + 1 }),
        `${formatDateTime(stop.from)} – ${formatDateTime(stop.to)}`,
      ];
    }
    if (layer === 'history-rejected') {
      const kind = properties.kind === 'outlier' ? t('outlier') : t('dropped');
      return [kind, formatDateTime(String(properties.at)), t('reason', { reason: String(properties.reason ?? '') })];
    }
    const fix = accepted[Number(properties.index)];
    if (!fix) return [];
    return [
      formatDateTime(fix.at),
      ...(fix.radius === null ? [] : [t('accuracy', { radius: Math.round(fix.radius) })]),
      ...(fix.source ? [t(`source.${fix.source}`)] : []),
      ...(fix.zone?.name ? [fix.zone.name] : []),
    ];
  };
}
