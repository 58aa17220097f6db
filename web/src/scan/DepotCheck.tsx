import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Asset } from '@shared/schemas/asset';
import type { Client } from '@shared/schemas/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientOptions } from '../assets/assetsApi';
import { notifySuccess } from '../common/notifications/notificationStore';
import { sendScanAction } from './sendScanAction';

const clientLabel = (client: Client) => client.company ?? client.name;

/**
 * The depot's check-out (the asset leaves for a customer: that customer, status Open) and check-in (it is back:
 * no customer, status Stopped), one action each on the asset's own update; a save that met another answers 409.
 */
export function DepotCheck({ asset, onSaved }: { asset: Asset; onSaved: (asset: Asset) => void }) {
  const { t } = useTranslation('scan');
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [client, setClient] = useState<Client | null>(null);
  const options = useClientOptions(search);
  const send = useMutation({
    mutationFn: (direction: 'checkIn' | 'checkOut') =>
      sendScanAction({ kind: 'depot', direction, asset, clientId: client?.id ?? null }),
    onSuccess: async (saved, direction) => {
      notifySuccess(direction === 'checkIn' ? t('depot.checkedIn') : t('depot.checkedOut'));
      onSaved(saved);
      await queryClient.invalidateQueries({ queryKey: ['assets'] });
    },
  });
  return (
    <Stack spacing={1} sx={{ pt: 1 }} data-testid="depot-check">
      <Typography variant="subtitle1" component="h3">
        {t('depot.title')}
      </Typography>
      <Button variant="outlined" disabled={send.isPending} onClick={() => send.mutate('checkIn')}>
        {t('depot.checkIn')}
      </Button>
      <Autocomplete<Client>
        options={options.data ?? []}
        value={client}
        getOptionLabel={clientLabel}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        onInputChange={(_, text) => setSearch(text)}
        onChange={(_, value) => setClient(value)}
        renderInput={(params) => <TextField {...params} label={t('depot.customer')} />}
      />
      <Button variant="outlined" disabled={send.isPending || !client} onClick={() => send.mutate('checkOut')}>
        {t('depot.checkOut')}
      </Button>
    </Stack>
  );
}
