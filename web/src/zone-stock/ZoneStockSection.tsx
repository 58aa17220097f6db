import TuneIcon from '@mui/icons-material/Tune';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { StockLimitsDialog } from './StockLimitsDialog';
import { useZoneStock } from './stockApi';
import { boundsText, StockStateChip } from './stockStates';

/**
 * The zone panel's stock: the assets inside now by asset profile (with the zone's limits
 * and a below/above mark), by cable type and by status; staff edit the limits from here.
 */
export function ZoneStockSection({ zoneId, canEdit }: { zoneId: number; canEdit: boolean }) {
  const { t } = useTranslation('zoneStock');
  const { t: ta } = useTranslation('assets');
  const stock = useZoneStock(zoneId);
  const [editing, setEditing] = useState(false);
  const data = stock.data;
  return (
    <Box
      component="section"
      aria-labelledby="zone-stock-title"
      sx={{ mt: 3 }}
      data-zone-stock={data ? 'loaded' : 'loading'}
    >
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography id="zone-stock-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600, flexGrow: 1 }}>
          {t('panel.title')}
          {data ? ` (${data.total})` : ''}
        </Typography>
        {canEdit && data && (
          <Button size="small" startIcon={<TuneIcon />} onClick={() => setEditing(true)}>
            {t('panel.limits')}
          </Button>
        )}
      </Stack>
      {!data ? (
        <Skeleton height={96} />
      ) : data.total === 0 && data.byProfile.length === 0 ? (
        <Typography color="text.secondary">{t('panel.empty')}</Typography>
      ) : (
        <Stack spacing={1.5}>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('panel.byProfile')}>
            {data.byProfile.map((row) => (
              <Stack
                component="li"
                key={row.id ?? 'none'}
                direction="row"
                spacing={1}
                sx={{ alignItems: 'center', py: 0.5, borderBottom: 1, borderColor: 'divider' }}
              >
                <RouterLink
                  to={`/stock?zone=${zoneId}&profile=${row.id ?? 'none'}`}
                  style={{ flexGrow: 1, color: 'inherit' }}
                >
                  {row.name ?? t('noProfile')}
                </RouterLink>
                <StockStateChip state={row.state} />
                <Typography variant="body2" color="text.secondary" title={t('panel.bounds')}>
                  {boundsText(row.min, row.max)}
                </Typography>
                <Typography sx={{ fontWeight: 600, minWidth: 32, textAlign: 'right' }}>{row.count}</Typography>
              </Stack>
            ))}
          </Box>
          <CountChips
            label={t('panel.byCableType')}
            counts={data.byCableType.map((c) => ({
              key: c.cableType ?? '',
              text: c.cableType ?? t('noCableType'),
              count: c.count,
            }))}
          />
          <CountChips
            label={t('panel.byStatus')}
            counts={data.byStatus.map((s) => ({
              key: s.status ?? '',
              text: s.status ? ta(`statusValue.${s.status}` as never) : t('noStatus'),
              count: s.count,
            }))}
          />
        </Stack>
      )}
      {editing && data && <StockLimitsDialog stock={data} onClose={() => setEditing(false)} />}
    </Box>
  );
}

function CountChips({ label, counts }: { label: string; counts: { key: string; text: string; count: number }[] }) {
  if (counts.length === 0) return null;
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
        {counts.map((c) => (
          <Chip key={c.key} size="small" label={`${c.text}: ${c.count}`} />
        ))}
      </Stack>
    </Box>
  );
}
