import BatteryAlertIcon from '@mui/icons-material/BatteryAlert';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { assetAddressOf } from '@shared/address';
import type { Asset, AssetSortField } from '@shared/schemas/asset';
import type { MapLevel } from '@shared/schemas/map-level';
import type { ASSET_TABLE_COLUMNS } from '@shared/schemas/settings';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Column } from '../common/list/ListScreen';
import { countryName } from '../i18n/countryName';
import { i18n } from '../i18n/i18n';
import { LevelDot } from '../map/LevelDot';
import { LEVEL_COLORS } from '../map/mapLevels';
import { formatDateTime, joinParts } from './assetFormat';
import { ScheduledCell } from './ScheduledCell';

export type AssetColumnId = (typeof ASSET_TABLE_COLUMNS)[number];

export interface AssetColumn {
  id: AssetColumnId;
  sortField?: AssetSortField;
  /** Spec 000 s.2: last communication, scheduled, geo zone, days outside and client are not for clients. */
  staffOnly?: boolean;
  /** Numbers: right-aligned, the heading too. */
  align?: 'right';
  render: (asset: Asset, t: TFunction<'assets'>) => ReactNode;
}

function AssetNameCell({ asset, t }: { asset: Asset; t: TFunction<'assets'> }) {
  const { devices, sabotaged, battery_low: batteryLow } = asset.device_health;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}>
      {devices > 0 && (
        <Tooltip title={sabotaged ? t('markers.sabotaged') : t('markers.ok')}>
          {sabotaged ? (
            <ReportProblemIcon fontSize="small" color="error" aria-label={t('markers.sabotaged')} />
          ) : (
            <CheckCircleIcon fontSize="small" color="success" aria-label={t('markers.ok')} />
          )}
        </Tooltip>
      )}
      <span>{asset.name}</span>
      {batteryLow && (
        <Tooltip title={t('markers.batteryLow')}>
          <BatteryAlertIcon fontSize="small" color="warning" aria-label={t('markers.batteryLow')} />
        </Tooltip>
      )}
    </Box>
  );
}

/** The map status level with the asset map's ring colour; the reason it stands for in a tooltip. */
function MapLevelCell({ level, t }: { level: MapLevel; t: TFunction<'assets'> }) {
  if (level === 'none') {
    return (
      <Typography variant="body2" color="text.secondary" component="span">
        {t('levels.none')}
      </Typography>
    );
  }
  return (
    <Tooltip title={t(`levelReasons.${level}`)}>
      <Chip
        size="small"
        variant="outlined"
        data-level={level}
        label={t(`levels.${level}`)}
        icon={<LevelDot level={level} />}
        sx={{ borderColor: LEVEL_COLORS[level], borderWidth: 2 }}
      />
    </Tooltip>
  );
}

/** Definition names, then the cable description and residual length (spec 000 s.2) in a second, quieter line. */
function AssetProfileCell({ asset }: { asset: Asset }) {
  const { t } = useTranslation('assetProfiles');
  const names = asset.asset_profile_definitions.map((d) => d.name).join(', ');
  const summary = asset.cable_summary;
  if (!summary) return names;
  const residual =
    summary.residual_length === null ? null : `${t('labels.residual_length')}: ${summary.residual_length} m`;
  return (
    <Box sx={{ minWidth: 160 }}>
      <div>{names}</div>
      <Typography variant="caption" color="text.secondary" component="div">
        {[summary.cable, residual].filter(Boolean).join(' · ')}
      </Typography>
    </Box>
  );
}

function batteryStatus(asset: Asset, t: TFunction<'assets'>): string {
  // device_health reaches client users too, who do not get the device list itself.
  if (asset.device_health.devices === 0) return t('battery.none');
  return asset.device_health.battery_low ? t('battery.low') : t('battery.ok');
}

export const ASSET_COLUMNS: readonly AssetColumn[] = [
  { id: 'id', align: 'right', render: (a) => a.id },
  { id: 'asset', render: (a, t) => <AssetNameCell asset={a} t={t} /> },
  { id: 'level', render: (a, t) => <MapLevelCell level={a.map_level} t={t} /> },
  {
    id: 'asset-profile',
    sortField: 'cable_length',
    render: (a) => <AssetProfileCell asset={a} />,
  },
  { id: 'street', render: (a) => assetAddressOf(a).street ?? '' },
  {
    id: 'postal-code-city',
    render: (a) => joinParts(assetAddressOf(a).postalCode, assetAddressOf(a).city),
  },
  { id: 'country', render: (a) => countryName(assetAddressOf(a).country, i18n.language) },
  { id: 'last-communication', staffOnly: true, render: (a) => formatDateTime(a.lastCommunication) },
  { id: 'reference', sortField: 'reference', render: (a) => a.reference ?? '' },
  { id: 'scheduled', sortField: 'scheduled', staffOnly: true, render: (a) => <ScheduledCell asset={a} /> },
  { id: 'geo-zone', staffOnly: true, render: (a) => a.geo_zone?.name ?? '' },
  {
    id: 'days-outside-geo-zone',
    sortField: 'days_outside_geo_zone',
    staffOnly: true,
    align: 'right',
    render: (a) => a.days_outside_geo_zone ?? '',
  },
  { id: 'client', sortField: 'client.company', staffOnly: true, render: (a) => a.client?.company ?? '' },
  { id: 'battery-status', render: (a, t) => batteryStatus(a, t) },
  {
    id: 'status',
    render: (a, t) => (a.status ? <Chip size="small" label={t(`status.${a.status.status}`)} /> : ''),
  },
];

/** The columns this user sees: role view first, then the tenant's stored hidden columns. */
export function visibleColumns(isClient: boolean, hidden: readonly string[]): AssetColumn[] {
  return ASSET_COLUMNS.filter((c) => !(isClient && c.staffOnly) && !hidden.includes(c.id));
}

/** The ID column's width: it is pinned, and the Asset column pinned after it starts there. */
const ID_WIDTH = 72;

/**
 * The columns as the list table takes them: the tenant's own headings (else the console's), and the leading ID
 * and Asset columns pinned, since fifteen columns do not fit a laptop and a row should keep its name in view.
 */
export function assetTableColumns(
  columns: readonly AssetColumn[],
  names: Readonly<Record<string, string>>,
  t: TFunction<'assets'>,
): Column<Asset>[] {
  return columns.map((column) => ({
    id: column.id,
    label: names[column.id] || t(`columns.${column.id}`),
    sortField: column.sortField,
    align: column.align,
    render: (asset: Asset) => column.render(asset, t),
    ...(column.id === 'id' ? { pinned: true, width: ID_WIDTH } : column.id === 'asset' ? { pinned: true } : {}),
  }));
}
