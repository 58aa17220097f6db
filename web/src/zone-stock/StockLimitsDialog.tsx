import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { StockLimitsInput, ZoneStock } from '@shared/schemas/zone-stock';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfileDefinitions } from '../asset-profiles/assetProfilesApi';
import { ConflictDialog } from '../common/conflict/ConflictDialog';
import { usePanelForm } from '../common/list/usePanelForm';
import { useSaveStockLimits, useZoneStock } from './stockApi';
import {
  EMPTY_LIMITS,
  LIMIT_FIELDS,
  type LimitRow,
  limitConflictRows,
  limitFieldOf,
  type StockLimitsRecord,
  stockLimitsResolver,
  toLimitsForm,
} from './stockLimitsForm';

/**
 * A zone's minimum and maximum per asset profile (alarm types 4/5): one row per profile definition of the
 * tenant. Checked with the shared schema before it is sent; the server's messages land on the same fields, and a
 * save that met someone else's opens the conflict dialog. A dialog of the zone panel, on the shared panel form.
 */
export function StockLimitsDialog({ stock, onClose }: { stock: ZoneStock; onClose(): void }) {
  const { t } = useTranslation('zoneStock');
  const { t: tc } = useTranslation('common');
  const definitions = useProfileDefinitions();
  const zoneStock = useZoneStock(stock.zone.id);
  const save = useSaveStockLimits(stock.zone.id);
  const profiles = definitions.data?.['hydra:member'];
  const current = zoneStock.data ?? stock;
  const record = useMemo<StockLimitsRecord | undefined>(
    () => (profiles ? { ...current, profiles } : undefined),
    [current, profiles],
  );
  // What the last save sent, from which rows: a violation's `limits.N` counts the rows with limits only.
  const sent = useRef<{ input: StockLimitsInput; rows: LimitRow[] } | undefined>(undefined);
  const { form, submit, fieldError, conflictDialog } = usePanelForm({
    resolver: stockLimitsResolver,
    empty: EMPTY_LIMITS,
    entity: record,
    failed: false,
    toFormValues: toLimitsForm,
    fields: LIMIT_FIELDS,
    fieldOf: (path) => limitFieldOf(path, sent.current?.input, sent.current?.rows ?? []),
    conflict: {
      reread: () =>
        zoneStock.refetch().then((read) => (read.data && profiles ? { ...read.data, profiles } : undefined)),
      rows: limitConflictRows((row, bound) => `${row.name}: ${t(`limits.${bound}`)}`),
    },
    onClose,
  });
  const rows = form.watch('rows');

  const onSave = submit(async (input) => {
    sent.current = { input, rows: form.getValues().rows };
    await save.mutateAsync(input);
    return t('limits.saved');
  });

  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="stock-limits-title"
    >
      <DialogTitle id="stock-limits-title">{t('limits.title', { zone: stock.zone.name ?? '' })}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('limits.intro')}
        </Typography>
        <Stack spacing={1.5} data-stock-limits={profiles ? 'loaded' : 'loading'}>
          {rows.map((row, i) => (
            <Stack
              key={row.profile}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ alignItems: { sm: 'flex-start' } }}
            >
              <Typography sx={{ flexGrow: 1, pt: { sm: 1 } }}>{row.name}</Typography>
              {(['min', 'max'] as const).map((bound) => (
                <TextField
                  key={bound}
                  size="small"
                  type="number"
                  label={t(`limits.${bound}`)}
                  {...form.register(`rows.${i}.${bound}`)}
                  {...fieldError(`rows.${i}.${bound}`)}
                  slotProps={{ htmlInput: { min: 0, 'aria-label': `${row.name}: ${t(`limits.${bound}`)}` } }}
                  sx={{ width: { sm: 140 } }}
                />
              ))}
            </Stack>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          {tc('close')}
        </Button>
        <Button variant="contained" onClick={onSave} loading={save.isPending}>
          {tc('save')}
        </Button>
      </DialogActions>
      <ConflictDialog {...conflictDialog} />
    </Dialog>
  );
}
