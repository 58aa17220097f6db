import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import type { Gateway } from '@shared/schemas/gateway';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/errorMessage';
import { ConfirmDialog } from '../common/list/ConfirmDialog';
import { type Column, ListScreen } from '../common/list/ListScreen';
import { rowDeleteColumn } from '../common/list/rowDeleteColumn';
import { notifyError, notifySuccess } from '../common/notifications/notificationStore';
import { deleteGateway, GATEWAYS_KEY, useGateways } from './gatewaysApi';
import { RegisterGatewayDialog } from './RegisterGatewayDialog';

/** Room for the skeleton rows; the list comes whole. */
const PAGE_SIZE = 5;

const monospace = { fontFamily: 'monospace', wordBreak: 'break-all' } as const;

function useGatewayColumns(onDelete: (gateway: Gateway) => void): Column<Gateway>[] {
  const { t, i18n } = useTranslation('gateways');
  return useMemo(
    () => [
      { id: 'name', label: t('name') },
      { id: 'gateway_eui', label: t('eui'), render: (g) => <span style={monospace}>{g.gateway_eui}</span> },
      {
        id: 'thing_name',
        label: t('thing'),
        hideOnPhone: true,
        render: (g) => <span style={monospace}>{g.thing_name}</span>,
      },
      { id: 'topic', label: t('topic'), hideOnPhone: true, render: (g) => <span style={monospace}>{g.topic}</span> },
      {
        id: 'created_at',
        label: t('registeredOn'),
        hideOnPhone: true,
        render: (g) => (g.created_at ? new Date(g.created_at).toLocaleDateString(i18n.language) : ''),
      },
      rowDeleteColumn(t('delete'), (g) => g.name, onDelete),
    ],
    [t, i18n.language, onDelete],
  );
}

/**
 * LoRaWAN gateways: each is an IoT thing of this organisation with its own certificate;
 * register one (its credentials are shown once), list them, delete one (its certificate is revoked).
 */
export default function GatewaysPage() {
  const { t } = useTranslation('gateways');
  const queryClient = useQueryClient();
  const [registering, setRegistering] = useState(false);
  const [toDelete, setToDelete] = useState<Gateway | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: GATEWAYS_KEY });
  const columns = useGatewayColumns(setToDelete);

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
    <>
      <ListScreen<Gateway, never>
        basePath="/gateways"
        intro={t('intro')}
        compact
        useRows={useGateways}
        pageSize={PAGE_SIZE}
        columns={columns}
        testId="gateway-list"
        // The dialog, not a panel: what it shows once (the private key) must not come back through a link.
        toolbar={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setRegistering(true)}
            data-testid="register-gateway"
            sx={{ ml: 'auto !important' }}
          >
            {t('register')}
          </Button>
        }
      />
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
    </>
  );
}
