import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../assets/assetFormat';
import { useShownFromDevice } from './keptAssets';

/** Over an asset page shown from the device's kept copy: which data this is, and how old. */
export function OfflineDataNotice({ assetId }: { assetId: number }) {
  const { t } = useTranslation('offline');
  const savedAt = useShownFromDevice(assetId);
  if (!savedAt) return null;
  return (
    <Alert severity="warning" sx={{ mx: 2, mt: 1 }} data-testid="offline-data-notice">
      {t('lastKnown', { time: formatDateTime(savedAt) })}
    </Alert>
  );
}
