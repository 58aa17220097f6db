import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Gateway } from '@shared/schemas/gateway';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/errorMessage';
import { ConfirmDialog } from '../common/list/ConfirmDialog';
import { notifyError, notifySuccess } from '../common/notifications/notificationStore';
import { usePageTitle } from '../common/pageHandle';
import { GatewayList } from './GatewayList';
import { deleteGateway, GATEWAYS_KEY, gatewaysQuery } from './gatewaysApi';
import { RegisterGatewayDialog } from './RegisterGatewayDialog';

/**
 * LoRaWAN gateways: each is an IoT thing of this organisation with its own certificate;
 * register one (its credentials are shown once), list them, delete one (its certificate is revoked).
 */
export default function GatewaysPage() {
  const { t } = useTranslation('gateways');
  const title = usePageTitle();
  const queryClient = useQueryClient();
  const gateways = useQuery(gatewaysQuery);
  const [registering, setRegistering] = useState(false);
  const [toDelete, setToDelete] = useState<Gateway | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: GATEWAYS_KEY });

  const remove = useMutation({
    mutationFn: (gateway: Gateway) => deleteGateway(gateway.id),
    onSuccess: () => notifySuccess(t('deleted')),
    onError: (error) => notifyError(errorMessage(error)),
    onSettled: async () => {
      setToDelete(null);
      await refresh();
    },
  });

  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setRegistering(true)}
          data-testid="register-gateway"
        >
          {t('register')}
        </Button>
      </Stack>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography color="text.secondary">{t('intro')}</Typography>
        <GatewayList gateways={gateways.data} loading={gateways.isPending} onDelete={setToDelete} />
      </Paper>
      <RegisterGatewayDialog
        open={registering}
        onClose={() => setRegistering(false)}
        onRegistered={() => void refresh()}
      />
      <ConfirmDialog
        open={toDelete !== null}
        message={t('deleteConfirm', { name: toDelete?.name ?? '' })}
        busy={remove.isPending}
        onYes={() => toDelete && remove.mutate(toDelete)}
        onNo={() => setToDelete(null)}
      />
    </Stack>
  );
}
