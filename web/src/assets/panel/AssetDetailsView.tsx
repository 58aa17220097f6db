import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { assetAddressOf } from '@shared/address';
import type { Asset } from '@shared/schemas/asset';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { countryName } from '../../i18n/countryName';
import { externalMapUrl, formatDateTime, formatDay, joinParts } from '../assetFormat';

interface AssetDetailsViewProps {
  asset: Asset;
  staffFields: boolean;
  profiles: boolean;
  /** null hides the days-outside reset (needs RESET_LOAN_DAYS, never for clients). */
  onResetDays: (() => void) | null;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  const empty = children === null || children === undefined || children === false || children === '';
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '190px 1fr' }, gap: { xs: 0, sm: 2 }, py: 0.75 }}>
      {/* dt and dd in a div: the grouping a definition list allows (axe definition-list). */}
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, typography: 'body2', overflowWrap: 'anywhere' }}>
        {empty ? '—' : children}
      </Box>
    </Box>
  );
}

/** The Details tab in view mode: the fields of spec 000 s.2, those hidden for clients left out. */
export function AssetDetailsView({ asset, staffFields, profiles, onResetDays }: AssetDetailsViewProps) {
  const { t, i18n } = useTranslation('assets');
  const last = asset.last_event;
  // As the list's columns: its last location's address when it has one, else its own (shared/address.ts).
  const address = assetAddressOf(asset);
  const country = countryName(address.country, i18n.language);
  const hasPosition = last?.latitude != null && last?.longitude != null;
  return (
    <Box component="dl" sx={{ m: 0 }}>
      <Field label={t('fields.name')}>{asset.name}</Field>
      <Field label={t('fields.reference')}>{asset.reference}</Field>
      <Field label={t('fields.description')}>{asset.description}</Field>
      {staffFields && (
        <Field label={t('fields.devices')}>
          {(asset.devices ?? []).length > 0 && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
              {(asset.devices ?? []).map((d) => (
                <Chip key={d.id} size="small" label={d.name ?? d.dev_eui} />
              ))}
            </Box>
          )}
        </Field>
      )}
      <Field label={t('fields.address')}>
        {joinParts(address.street, address.postalCode, address.city, country && `(${country})`)}
      </Field>
      <Field label={t('fields.daysStill')}>{asset.days_still}</Field>
      <Field label={t('fields.lastCommunication')}>{formatDateTime(asset.lastCommunication)}</Field>
      <Field label={t('fields.lastLocationUpdate')}>{formatDateTime(asset.lastLocationUpdate)}</Field>
      {staffFields && <Field label={t('fields.geoZone')}>{asset.geo_zone?.name}</Field>}
      {staffFields && <Field label={t('fields.client')}>{asset.client?.company}</Field>}
      <Field label={t('fields.scheduled')}>{formatDay(asset.scheduled)}</Field>
      {profiles && (
        <Field label={t('fields.assetProfiles')}>{asset.asset_profile_definitions.map((d) => d.name).join(', ')}</Field>
      )}
      <Field label={t('fields.daysOutsideGeoZone')}>
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
          {asset.days_outside_geo_zone ?? 0}
          {onResetDays && (
            <Tooltip title={t('actions.resetDays')}>
              <IconButton size="small" onClick={onResetDays} aria-label={t('actions.resetDays')}>
                <RestartAltIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Box>
      </Field>
      <Field label={t('fields.status')}>{asset.status ? t(`status.${asset.status.status}`) : ''}</Field>
      <Field label={t('fields.lastLocation')}>{last ? joinParts(last.street, last.postal_code, last.city) : ''}</Field>
      <Field label={t('fields.coordinates')}>
        {hasPosition && (
          <Link href={externalMapUrl(last.latitude as number, last.longitude as number)} target="_blank" rel="noopener">
            {`${last.latitude}, ${last.longitude}`}
            <OpenInNewIcon sx={{ fontSize: 14, ml: 0.5, verticalAlign: 'middle' }} />
          </Link>
        )}
      </Field>
    </Box>
  );
}
