import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Asset } from '@shared/schemas/asset';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../common/notifications/notificationStore';
import { linkTag } from './scanActions';
import type { ScanOutcome } from './useScanResolver';

/**
 * "Link a tag": the asset scanned first, then the tag. A tag already on this asset says so; a tag on another
 * asset says which, and linking moves it (the asset's update takes it from there), so the person decides.
 */
export function LinkTagPanel(props: { asset: Asset; scanned: ScanOutcome | null; onDone: () => void }) {
  const { asset, scanned, onDone } = props;
  const { t } = useTranslation('scan');
  const queryClient = useQueryClient();
  const link = useMutation({
    mutationFn: (deviceId: number) => linkTag(asset, deviceId),
    onSuccess: async () => {
      notifySuccess(t('link.linked'));
      await queryClient.invalidateQueries({ queryKey: ['assets'] });
      onDone();
    },
  });
  const device = scanned?.kind === 'device' ? scanned.device : null;
  const onThis = device?.asset?.id === asset.id;
  const elsewhere = device?.asset && !onThis ? device.asset : null;
  return (
    <Card variant="outlined" data-testid="link-tag">
      <CardContent>
        <Stack spacing={1}>
          <Typography>{t('link.asset', { name: asset.name })}</Typography>
          {scanned?.kind === 'asset' && <Alert severity="info">{t('link.notATag')}</Alert>}
          {device && <Typography>{t('link.tag', { devEui: device.dev_eui })}</Typography>}
          {onThis && <Alert severity="info">{t('link.already')}</Alert>}
          {elsewhere && <Alert severity="warning">{t('link.elsewhere', { name: elsewhere.name })}</Alert>}
          {device && !onThis && (
            <Button variant="contained" disabled={link.isPending} onClick={() => link.mutate(device.id)}>
              {elsewhere ? t('link.move') : t('link.confirm')}
            </Button>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
