import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Asset } from '@shared/schemas/asset';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useAsset } from '../assets/assetsApi';
import { useOfflineQueue } from '../offline/useOfflineQueue';
import { useSession } from '../session/useSession';
import { DepotCheck } from './DepotCheck';
import { ScanReport } from './ScanReport';

/**
 * The asset a scan opened: its name, reference, status and customer, a link to its panel, and what the person
 * may do with it from the phone (a delivered / empty report, a depot check-in or check-out). Its actions wait
 * in the device's queue (a pending chip says how many; no other is made on it meanwhile, it would be made on
 * a version about to pass). The asset is the console's cached one once read (kept for offline reading too): the
 * queue puts each answer there, and a conflict's Reload reads it again, so the card shows what the server has.
 */
export function ScannedAsset({ asset: scanned }: { asset: Asset }) {
  const { t } = useTranslation('scan');
  const { t: tAssets } = useTranslation('assets');
  const { t: tOffline } = useTranslation('offline');
  const { hasAny } = useSession();
  const asset = useAsset(scanned.id).data ?? scanned;
  const waiting = useOfflineQueue().filter((action) => action.assetId === scanned.id).length;
  const staff = !hasAny(['ROLE_CLIENT', 'ROLE_TRANSPORTER']);
  const status = asset.status?.status;
  return (
    <Card variant="outlined" data-testid="scanned-asset" data-asset-id={asset.id} data-status={status ?? ''}>
      <CardContent>
        <Stack spacing={1}>
          <Typography variant="h6" component="h2">
            {asset.name}
          </Typography>
          {asset.reference && <Typography color="text.secondary">{asset.reference}</Typography>}
          <Typography>
            {t('status')}: {status ? tAssets(`statusValue.${status}`) : '—'}
          </Typography>
          <Typography>
            {t('customer')}: {asset.client?.company ?? (asset.client ? `#${asset.client.id}` : '—')}
          </Typography>
          <Link component={RouterLink} to={`/assets/${asset.id}`}>
            {t('openAsset')}
          </Link>
          {waiting > 0 && (
            <Chip
              color="warning"
              variant="outlined"
              label={tOffline('pending', { count: waiting })}
              sx={{ alignSelf: 'flex-start' }}
              data-testid="scan-pending-chip"
            />
          )}
          <ScanReport asset={asset} waiting={waiting > 0} />
          {staff && hasAny(['ASSET_EDIT']) && <DepotCheck asset={asset} waiting={waiting > 0} />}
        </Stack>
      </CardContent>
    </Card>
  );
}
