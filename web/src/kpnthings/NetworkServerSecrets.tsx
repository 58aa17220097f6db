import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { UPLINK_INTEGRATIONS, type UplinkIntegration } from '@shared/schemas/uplink-integrations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../common/list/ConfirmDialog';
import { SecretShownOnce } from '../common/secret/SecretShownOnce';
import { createUplinkSecret, UPLINK_INTEGRATIONS_KEY, uplinkIntegrationsQuery } from './kpnThingsApi';

const PRODUCT_NAMES: Record<UplinkIntegration, string> = { tts: 'The Things Stack', chirpstack: 'ChirpStack' };
const ROUTE_PATHS: Record<UplinkIntegration, string> = { tts: '/api/tts/uplink', chirpstack: '/api/chirpstack/uplink' };

/**
 * The secrets of The Things Stack webhook and the ChirpStack HTTP integration (docs/device-payloads.md
 * says how to configure each network). A new secret replaces the old one at once, so it asks first; the answer
 * is shown here once and never again.
 */
function IntegrationRow({ kind, createdAt }: { kind: UplinkIntegration; createdAt: string | null }) {
  const { t, i18n } = useTranslation('kpnThings');
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const create = useMutation({
    mutationFn: () => createUplinkSecret(kind),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: UPLINK_INTEGRATIONS_KEY }),
  });
  const ask = () => (createdAt ? setConfirming(true) : create.mutate());
  return (
    <Stack spacing={1} data-integration={kind}>
      <Typography variant="subtitle1" component="h3" lang="en">
        {PRODUCT_NAMES[kind]}
      </Typography>
      <Typography color="text.secondary">
        {createdAt
          ? t('networkSecretSet', { date: new Date(createdAt).toLocaleString(i18n.language) })
          : t('networkSecretNone')}
      </Typography>
      <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
        {t('networkUrl')} <code lang="en">{ROUTE_PATHS[kind]}</code>, {t('networkHeader')}{' '}
        <code lang="en">X-Uplink-Secret</code>
      </Typography>
      {create.data && (
        <SecretShownOnce
          secrets={[{ label: t('networkSecretLabel', { name: PRODUCT_NAMES[kind] }), value: create.data.secret }]}
        />
      )}
      <div>
        <Button variant="outlined" onClick={ask} loading={create.isPending}>
          {t('networkSecretNew', { name: PRODUCT_NAMES[kind] })}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        message={t('networkSecretReplace', { name: PRODUCT_NAMES[kind] })}
        onYes={() => {
          setConfirming(false);
          create.mutate();
        }}
        onNo={() => setConfirming(false)}
      />
    </Stack>
  );
}

export function NetworkServerSecrets() {
  const { t } = useTranslation('kpnThings');
  const state = useQuery(uplinkIntegrationsQuery);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} aria-labelledby="network-servers-title">
      <Typography id="network-servers-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('networkServers')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('networkServersIntro')}
      </Typography>
      {state.isPending ? (
        <Skeleton height={56} />
      ) : (
        <Stack spacing={3}>
          {UPLINK_INTEGRATIONS.map((kind) => (
            <IntegrationRow key={kind} kind={kind} createdAt={state.data?.[kind].created_at ?? null} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}
