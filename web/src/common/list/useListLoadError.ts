import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../notifications/notificationStore';

/**
 * A list that failed to load says so once (spec 000/001 s.8): its own text when the spec names one (the
 * customers list), else "There was an error while trying to fetch the entity list". The list's query is
 * `meta: { silent: true }`, so the generic notice does not come as well.
 */
export function useListLoadError(isError: boolean, message?: string) {
  const { t } = useTranslation('common');
  useEffect(() => {
    if (isError) notifyError(message ?? t('entityListError'));
  }, [isError, message, t]);
}
