import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Asset } from '@shared/schemas/asset';
import { canReportDelivered, canReportEmpty } from '@shared/schemas/asset-status';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/useSession';
import { useAssetAction } from '../useAssetMutations';

/**
 * Spec 000 s.4: transporters report a delivered buck, clients and transporters an empty one. Outside edit
 * mode only; when the report is no longer possible the panel says why.
 */
export function AssetReportActions({ asset }: { asset: Asset }) {
  const { t } = useTranslation('assets');
  const { hasAny } = useSession();
  const delivered = useAssetAction('delivered');
  const deregister = useAssetAction('deregister');
  const status = asset.status?.status ?? null;
  const transporter = hasAny(['ROLE_TRANSPORTER']);
  const reportsEmpty = hasAny(['ROLE_TRANSPORTER', 'ROLE_CLIENT']);
  if (!transporter && !reportsEmpty) return null;

  return (
    <Stack spacing={1} sx={{ mt: 2 }}>
      {transporter &&
        (canReportDelivered(status, asset.client != null) ? (
          <Button variant="contained" disabled={delivered.isPending} onClick={() => delivered.mutate(asset.id)}>
            {t('report.delivered')}
          </Button>
        ) : (
          <Alert severity="info">{t('report.isDelivered')}</Alert>
        ))}
      {reportsEmpty &&
        (canReportEmpty(status) ? (
          <Button variant="outlined" disabled={deregister.isPending} onClick={() => deregister.mutate(asset.id)}>
            {t('report.empty')}
          </Button>
        ) : (
          <Alert severity="info">{t('report.isSignedOff')}</Alert>
        ))}
    </Stack>
  );
}
