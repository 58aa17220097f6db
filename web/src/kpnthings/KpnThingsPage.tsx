import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../common/pageHandle';
import { ShowIfAny } from '../session/ShowIfAny';
import { EMPTY_SETTINGS } from './emptySettings';
import { KpnLogo } from './KpnLogo';
import { KpnSettingsForm } from './KpnSettingsForm';
import { kpnDeviceCountQuery, kpnSettingsQuery } from './kpnThingsApi';
import { NetworkServerSecrets } from './NetworkServerSecrets';

/** Super admins see how many devices the tenant's KPN device group holds (spec 001 s.2, 'Aantallen'). */
function DeviceCountSection() {
  const { t } = useTranslation('kpnThings');
  const count = useQuery(kpnDeviceCountQuery);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('counts')}
      </Typography>
      {count.isPending ? (
        <Skeleton width={180} />
      ) : count.isError ? (
        <Alert severity="warning">{t('deviceCountFailed')}</Alert>
      ) : (
        <Typography>{t('deviceCount', { number: count.data })}</Typography>
      )}
    </Paper>
  );
}

/** KPN Things integration (spec 001 s.2 /kpnthings): title with the provider logo, no breadcrumbs. */
export default function KpnThingsPage() {
  const { t } = useTranslation('kpnThings');
  const title = usePageTitle();
  // The spec: on a failed read the form starts empty (the error itself is notified by the query client).
  const settings = useQuery(kpnSettingsQuery);
  return (
    <Stack spacing={3} sx={{ maxWidth: 840 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <KpnLogo sx={{ fontSize: 40 }} />
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
      </Stack>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('intro')}
        </Typography>
        {settings.isPending ? (
          <Stack spacing={2}>
            {[1, 2, 3, 4, 5].map((row) => (
              <Skeleton key={row} height={56} />
            ))}
          </Stack>
        ) : (
          <KpnSettingsForm settings={settings.data ?? EMPTY_SETTINGS} />
        )}
      </Paper>
      <NetworkServerSecrets />
      <ShowIfAny anyOf={['ROLE_SUPER_ADMIN']}>
        <DeviceCountSection />
      </ShowIfAny>
    </Stack>
  );
}
