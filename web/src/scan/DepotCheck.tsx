import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Asset } from '@shared/schemas/asset';
import type { Client } from '@shared/schemas/client';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientOptions } from '../assets/assetsApi';
import { notifySuccess } from '../common/notifications/notificationStore';
import { queueScanAction } from './scanActions';

const clientLabel = (client: Client) => client.company ?? client.name;

/**
 * The depot's check-out (the asset leaves for a customer: that customer, status Open) and check-in (it is back:
 * no customer, status Stopped), one action each on the asset's own update, through the device's queue: sent
 * now or when the connection returns (the queue's notice says so when sent); a change met meanwhile is asked
 * about in the conflict dialog. `waiting`: an action of this asset is still queued, so its version may pass.
 */
export function DepotCheck({ asset, waiting }: { asset: Asset; waiting: boolean }) {
  const { t } = useTranslation('scan');
  const [search, setSearch] = useState('');
  const [client, setClient] = useState<Client | null>(null);
  const options = useClientOptions(search);
  const send = useMutation({
    // Queuing needs no network: a mutation paused while offline would keep the action from the queue.
    networkMode: 'always',
    mutationFn: (direction: 'checkIn' | 'checkOut') =>
      queueScanAction({
        kind: 'depot',
        direction,
        asset,
        client: client ? { id: client.id, name: clientLabel(client) } : null,
      }),
    onSuccess: () => {
      if (!navigator.onLine) notifySuccess(t('queued'));
    },
  });
  const busy = send.isPending || waiting;
  return (
    <Stack spacing={1} sx={{ pt: 1 }} data-testid="depot-check">
      <Typography variant="subtitle1" component="h3">
        {t('depot.title')}
      </Typography>
      <Button variant="outlined" disabled={busy} onClick={() => send.mutate('checkIn')}>
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
      <Button variant="outlined" disabled={busy || !client} onClick={() => send.mutate('checkOut')}>
        {t('depot.checkOut')}
      </Button>
    </Stack>
  );
}
