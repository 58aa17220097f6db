import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** An uplink interval as people say it: whole hours in hours ("12 hours"), the rest in minutes. */
export function useIntervalText() {
  const { t } = useTranslation('deviceProfiles');
  return useCallback(
    (minutes: number) =>
      minutes % 60 === 0 ? t('units.hoursCount', { count: minutes / 60 }) : t('units.minutesCount', { count: minutes }),
    [t],
  );
}
