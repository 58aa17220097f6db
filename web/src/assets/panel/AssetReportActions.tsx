import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { Asset } from '@shared/schemas/asset';
import { canReportDelivered, canReportEmpty } from '@shared/schemas/asset-status';
import { useTranslation } from 'react-i18next';
import { enqueueAction } from '../../offline/offlineQueue';
import { useOfflineQueue } from '../../offline/useOfflineQueue';
import { useSession } from '../../session/useSession';
import { assetPath } from '../assetsApi';

type Report = 'delivered' | 'deregister';

/**
 * A report goes through the device's queue, online or not (web/src/offline/): sent at once when it can be,
 * else when the connection returns, with the version the user saw, so a change made meanwhile is asked about.
 */
const queueReport = (asset: Asset, report: Report) =>
  enqueueAction({
    route: `assets.${report}`,
    path: `${assetPath(asset.id)}/${report}`,
    version: asset.version,
    assetId: asset.id,
    subject: asset.name,
    seen: { name: asset.name, status: asset.status?.status ?? '', client: asset.client?.company ?? '' },
  });

/**
 * Spec 000 s.4: transporters report a delivered buck, clients and transporters an empty one. Outside edit
 * mode only; when the report is no longer possible the panel says why, and while one waits on this device
 * the panel says it is pending.
 */
export function AssetReportActions({ asset }: { asset: Asset }) {
  const { t } = useTranslation('assets');
  const { t: to } = useTranslation('offline');
  const { hasAny } = useSession();
  const waiting = useOfflineQueue().filter((action) => action.assetId === asset.id);
  const status = asset.status?.status ?? null;
  const transporter = hasAny(['ROLE_TRANSPORTER']);
  const reportsEmpty = hasAny(['ROLE_TRANSPORTER', 'ROLE_CLIENT']);
  if (!transporter && !reportsEmpty) return null;
  const queued = (report: Report) => waiting.some((action) => action.route === `assets.${report}`);

  return (
    <Stack spacing={1} sx={{ mt: 2 }}>
      {waiting.length > 0 && (
        <Chip
          color="warning"
          variant="outlined"
          label={to('pending', { count: waiting.length })}
          sx={{ alignSelf: 'flex-start' }}
          data-testid="asset-pending-chip"
        />
      )}
      {transporter &&
        (canReportDelivered(status, asset.client != null) ? (
          <Button
            variant="contained"
            disabled={queued('delivered')}
            onClick={() => void queueReport(asset, 'delivered')}
          >
            {t('report.delivered')}
          </Button>
        ) : (
          <Alert severity="info">{t('report.isDelivered')}</Alert>
        ))}
      {reportsEmpty &&
        (canReportEmpty(status) ? (
          <Button
            variant="outlined"
            disabled={queued('deregister')}
            onClick={() => void queueReport(asset, 'deregister')}
          >
            {t('report.empty')}
          </Button>
        ) : (
          <Alert severity="info">{t('report.isSignedOff')}</Alert>
        ))}
    </Stack>
  );
}
