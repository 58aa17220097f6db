import TextField from '@mui/material/TextField';
import type { Asset } from '@shared/schemas/asset';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/apiClient';
import { ConflictDialog } from '../common/conflict/ConflictDialog';
import { type ConflictRow, isConflict } from '../common/conflict/conflicts';
import { useSession } from '../session/useSession';
import { assetConflictRows } from './assetConflict';
import { formatDay, todayInputDay, toInputDay } from './assetFormat';
import { assetKeys, assetPath, withListDefaults } from './assetsApi';
import { formValuesOf } from './panel/assetForm';
import { useScheduleAsset } from './useAssetMutations';

interface ScheduleConflict {
  rows: ConflictRow[];
  latest: Asset;
  scheduled: string | null;
}

/**
 * Spec 000 s.2: the Scheduled column is an inline date picker; no day in the past can be chosen. It saves with
 * the row's version: when someone saved the asset since the list was read, the conflict dialog shows what they
 * changed and offers Reload (the list read again) or Overwrite (this day saved over their version).
 */
export function ScheduledCell({ asset }: { asset: Asset }) {
  const { t } = useTranslation('assets');
  const { hasAny, isClient } = useSession();
  const queryClient = useQueryClient();
  const schedule = useScheduleAsset();
  const [conflict, setConflict] = useState<ScheduleConflict | null>(null);
  if (!hasAny(['ASSET_EDIT'])) return formatDay(asset.scheduled);

  const save = (from: Asset, scheduled: string | null) =>
    schedule.mutate(
      { asset: from, scheduled },
      {
        onError: async (error) => {
          if (!isConflict(error)) return;
          const latest = withListDefaults(await api.get<Asset>(assetPath(asset.id)));
          const yours = { ...formValuesOf(asset), scheduled: toInputDay(scheduled) };
          const shown = { staffFields: !isClient, profiles: false };
          setConflict({ rows: assetConflictRows(t, formValuesOf, asset, latest, yours, shown), latest, scheduled });
        },
      },
    );

  return (
    <>
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
          save(asset, day || null);
        }}
        slotProps={{
          htmlInput: { min: todayInputDay(), 'aria-label': t('columns.scheduled'), 'data-asset-id': asset.id },
        }}
        sx={{ minWidth: 140 }}
      />
      <ConflictDialog
        rows={conflict?.rows ?? null}
        busy={schedule.isPending}
        onClose={() => setConflict(null)}
        onReload={() => {
          setConflict(null);
          void queryClient.invalidateQueries({ queryKey: assetKeys.all });
        }}
        onOverwrite={() => {
          if (conflict) save(conflict.latest, conflict.scheduled);
          setConflict(null);
        }}
      />
    </>
  );
}
