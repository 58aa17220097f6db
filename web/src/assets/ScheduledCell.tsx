import TextField from '@mui/material/TextField';
import type { Asset } from '@shared/schemas/asset';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/useSession';
import { formatDay, todayInputDay, toInputDay } from './assetFormat';
import { useScheduleAsset } from './useAssetMutations';

/** Spec 000 s.2: the Scheduled column is an inline date picker; no day in the past can be chosen. */
export function ScheduledCell({ asset }: { asset: Asset }) {
  const { t } = useTranslation('assets');
  const { hasAny } = useSession();
  const schedule = useScheduleAsset();
  if (!hasAny(['ASSET_EDIT'])) return formatDay(asset.scheduled);
  return (
    <TextField
      type="date"
      size="small"
      variant="standard"
      value={toInputDay(asset.scheduled)}
      disabled={schedule.isPending}
      onClick={(e) => e.stopPropagation()}
      onChange={(e) => {
        const day = e.target.value;
        if (day && day < todayInputDay()) return;
        schedule.mutate({ asset, scheduled: day || null });
      }}
      slotProps={{
        htmlInput: { min: todayInputDay(), 'aria-label': t('columns.scheduled') },
      }}
      sx={{ minWidth: 140 }}
    />
  );
}
