import LockIcon from '@mui/icons-material/Lock';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { DeviceProfile } from '@shared/schemas/device-profile';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, ListScreen } from '../common/list/ListScreen';
import { useSession } from '../session/useSession';
import { DeviceProfileDrawer } from './DeviceProfileDrawer';
import { DEVICE_PROFILES_PAGE_SIZE, useDeviceProfileList } from './deviceProfilesApi';
import { useIntervalText } from './intervalText';

/**
 * /device-profiles (admins): the built-ins first, then the tenant's own, with Add new and the panel at
 * /device-profiles/:id (a link that reloads to the same profile).
 */
export default function DeviceProfilesPage() {
  const { t } = useTranslation('deviceProfiles');
  const { t: tc } = useTranslation('common');
  const { hasAny } = useSession();
  const intervalText = useIntervalText();

  const columns = useMemo<Column<DeviceProfile>[]>(
    () => [
      {
        id: 'name',
        label: t('columns.name'),
        render: (profile) => (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <span>{profile.name}</span>
            {profile.built_in && (
              <Chip size="small" variant="outlined" icon={<LockIcon />} label={t('markers.builtIn')} />
            )}
          </Stack>
        ),
      },
      {
        id: 'codec',
        label: t('columns.codec'),
        render: (profile) => (profile.codec ? t('markers.codecYes') : t('markers.codecNo')),
      },
      {
        id: 'interval',
        label: t('columns.interval'),
        align: 'right',
        render: (profile) => intervalText(profile.uplink_interval_minutes),
      },
      {
        id: 'silentAfter',
        label: t('columns.silentAfter'),
        align: 'right',
        hideOnPhone: true,
        render: (profile) => t('markers.intervals', { count: profile.silent_after_intervals }),
      },
      {
        id: 'battery',
        label: t('columns.batteryLow'),
        align: 'right',
        hideOnPhone: true,
        render: (profile) => `< ${profile.battery_low_below} ${profile.battery_unit}`,
      },
    ],
    [t, intervalText],
  );

  return (
    <ListScreen
      basePath="/device-profiles"
      useRows={useDeviceProfileList}
      pageSize={DEVICE_PROFILES_PAGE_SIZE}
      columns={columns}
      create={{ label: tc('addNew'), allowed: hasAny(['DEVICE_CREATE']) }}
      loadErrorText={t('listError')}
      renderPanel={(id, close) => <DeviceProfileDrawer profileId={id} onClose={close} />}
    />
  );
}
