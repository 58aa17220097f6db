import BatteryAlertIcon from '@mui/icons-material/BatteryAlert';
import BatteryFullIcon from '@mui/icons-material/BatteryFull';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import HelpOutlinedIcon from '@mui/icons-material/HelpOutlined';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import ScheduleIcon from '@mui/icons-material/Schedule';
import WifiTetheringIcon from '@mui/icons-material/WifiTethering';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { Connectivity } from '@shared/schemas/connectivity';
import type { Device } from '@shared/schemas/device';
import type { TFunction } from 'i18next';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatDateTime, formatDay } from '../assets/assetFormat';
import type { Column } from '../common/list/PagedTable';

type DevicesT = TFunction<'devices'>;

/** Battery status column: a coloured marker, with the word so it does not rely on colour alone. */
export function BatteryMarker({ low, t }: { low: boolean; t: DevicesT }) {
  return low ? (
    <Chip size="small" color="warning" icon={<BatteryAlertIcon />} label={t('markers.batteryLow')} />
  ) : (
    <Chip size="small" color="success" variant="outlined" icon={<BatteryFullIcon />} label={t('markers.batteryOk')} />
  );
}

const CONNECTIVITY_LOOK: Record<
  Connectivity,
  { color: 'success' | 'warning' | 'error' | 'default'; icon: ReactElement }
> = {
  online: { color: 'success', icon: <WifiTetheringIcon /> },
  late: { color: 'warning', icon: <ScheduleIcon /> },
  silent: { color: 'error', icon: <CloudOffIcon /> },
  never: { color: 'default', icon: <HelpOutlinedIcon /> },
};

/** Connectivity column: a coloured chip with the state's word, so it does not rely on colour alone. */
export function ConnectivityMarker({ state, t }: { state: Connectivity; t: DevicesT }) {
  const look = CONNECTIVITY_LOOK[state] ?? CONNECTIVITY_LOOK.never;
  return (
    <Chip
      size="small"
      color={look.color}
      variant={state === 'online' || state === 'never' ? 'outlined' : 'filled'}
      icon={look.icon}
      label={t(`connectivity.${state}`)}
      data-connectivity={state}
    />
  );
}

/**
 * On a phone the Status column does not fit beside the name and the DEVEUI: the state's icon (each state has its
 * own shape), named for screen readers, follows the name instead.
 */
function PhoneConnectivityIcon({ state, t }: { state: Connectivity; t: DevicesT }) {
  const look = CONNECTIVITY_LOOK[state] ?? CONNECTIVITY_LOOK.never;
  const label = t(`connectivity.${state}`);
  return (
    <Box
      component="span"
      role="img"
      aria-label={label}
      title={label}
      data-connectivity-icon={state}
      sx={{
        display: { xs: 'inline-flex', sm: 'none' },
        color: look.color === 'default' ? 'text.secondary' : `${look.color}.main`,
      }}
    >
      {look.icon}
    </Box>
  );
}

export function SabotageMarker({ t }: { t: DevicesT }) {
  return <Chip size="small" color="error" icon={<ReportProblemIcon />} label={t('markers.sabotaged')} />;
}

/**
 * Spec 000 s.2: admins see the asset as a plain name, the others as a link to the asset. The link must not
 * also open the device panel (the row's click).
 */
function AssetCell({ device, asLink }: { device: Device; asLink: boolean }) {
  if (!device.asset) return null;
  if (!asLink) return <>{device.asset.name}</>;
  return (
    <Link component={RouterLink} to={`/assets/${device.asset.id}`} onClick={(event) => event.stopPropagation()}>
      {device.asset.name}
    </Link>
  );
}

/** The s.2 columns; the sortable ones carry the API's order field (s.9). */
export function deviceColumns(t: DevicesT, options: { assetAsLink: boolean }): Column<Device>[] {
  return [
    {
      id: 'id',
      label: t('columns.id'),
      width: 64,
      align: 'right',
      render: (d) => <Box sx={{ whiteSpace: 'nowrap' }}>{d.id}</Box>,
    },
    {
      id: 'asset',
      label: t('columns.asset'),
      sortField: 'asset.name',
      hideOnPhone: true,
      render: (d) => <AssetCell device={d} asLink={options.assetAsLink} />,
    },
    {
      id: 'name',
      label: t('columns.name'),
      sortField: 'name',
      render: (d) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <span>{d.name ?? ''}</span>
          <PhoneConnectivityIcon state={d.connectivity} t={t} />
          {d.is_sabotaged && <SabotageMarker t={t} />}
        </Stack>
      ),
    },
    {
      id: 'model',
      label: t('columns.model'),
      sortField: 'model',
      hideOnPhone: true,
      render: (d) => <Box sx={{ overflowWrap: 'normal' }}>{d.model ?? ''}</Box>,
    },
    {
      id: 'devEui',
      label: t('columns.devEui'),
      sortField: 'devEui',
      // A DEVEUI is read (and typed) as one code: never broken over two lines.
      render: (d) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap', fontFamily: 'monospace', fontSize: '0.9em' }}>
          {d.dev_eui}
        </Box>
      ),
    },
    {
      id: 'battery',
      label: t('columns.battery'),
      sortField: 'batteryLevelLow',
      hideOnPhone: true,
      render: (d) => <BatteryMarker low={d.battery_level_low} t={t} />,
      width: 110,
    },
    {
      id: 'connectivity',
      label: t('columns.connectivity'),
      sortField: 'connectivity',
      hideOnPhone: true,
      render: (d) => <ConnectivityMarker state={d.connectivity} t={t} />,
    },
    {
      id: 'notes',
      label: t('columns.notes'),
      hideOnPhone: true,
      render: (d) => <Box sx={{ minWidth: 100 }}>{d.notes ?? ''}</Box>,
    },
    {
      id: 'lastCommunication',
      label: t('columns.lastCommunication'),
      hideOnPhone: true,
      render: (d) => formatDateTime(d.last_event?.date),
    },
    {
      id: 'activationDate',
      label: t('columns.activationDate'),
      sortField: 'activationDate',
      hideOnPhone: true,
      render: (d) => formatDay(d.activation_date),
    },
  ];
}
