import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Asset } from '@shared/schemas/asset';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useSession } from '../session/useSession';
import { DepotCheck } from './DepotCheck';
import { ScanReport } from './ScanReport';

/**
 * The asset a scan opened: its name, reference, status and customer, a link to its panel, and what the person
 * may do with it from the phone (a delivered / empty report, a depot check-in or check-out).
 */
export function ScannedAsset({ asset: scanned }: { asset: Asset }) {
  const { t } = useTranslation('scan');
  const { t: tAssets } = useTranslation('assets');
  const { hasAny } = useSession();
  const [asset, setAsset] = useState(scanned);
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
          <ScanReport asset={asset} onSaved={setAsset} />
          {staff && hasAny(['ASSET_EDIT']) && <DepotCheck asset={asset} onSaved={setAsset} />}
        </Stack>
      </CardContent>
    </Card>
  );
}
