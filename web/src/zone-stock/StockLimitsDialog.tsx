import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type StockLimitsInput, stockLimitsInputSchema, type ZoneStock } from '@shared/schemas/zone-stock';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/ApiError';
import { errorMessage } from '../api/errorMessage';
import { useProfileDefinitions } from '../asset-profiles/assetProfilesApi';
import { notifyError, notifySuccess } from '../common/notifications/notificationStore';
import { useTranslateMessage } from '../i18n/translateMessage';
import { useSaveStockLimits } from './stockApi';

type Row = { profile: number; name: string; min: string; max: string };
type Problems = Record<string, string>;

const toBound = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));

/** The rows with a bound, as the API takes them; an empty row is a profile without limits. */
const inputOf = (rows: Row[], version: number): { input: StockLimitsInput; rowOf: number[] } => {
  const filled = rows.map((row, i) => ({ row, i })).filter(({ row }) => row.min.trim() !== '' || row.max.trim() !== '');
  return {
    input: {
      version,
      limits: filled.map(({ row }) => ({ profile: row.profile, min: toBound(row.min), max: toBound(row.max) })),
    },
    rowOf: filled.map(({ i }) => i),
  };
};

/** `limits.3.min` / `limits[3].min` -> the key of that row's field. */
function problemKey(path: string, rowOf: number[]): string | null {
  const match = /^limits(?:\.|\[)(\d+)\]?\.(min|max|profile)$/.exec(path);
  if (!match) return null;
  const row = rowOf[Number(match[1])];
  return row === undefined ? null : `${row}.${match[2] === 'max' ? 'max' : 'min'}`;
}

/**
 * A zone's minimum and maximum per asset profile (alarm types 4/5): one row per profile definition of the
 * tenant. Checked with the shared schema before it is sent; the server's messages land on the same fields.
 */
export function StockLimitsDialog({ stock, onClose }: { stock: ZoneStock; onClose(): void }) {
  const { t } = useTranslation('zoneStock');
  const { t: tc } = useTranslation('common');
  const translate = useTranslateMessage();
  const definitions = useProfileDefinitions();
  const save = useSaveStockLimits(stock.zone.id);
  const [edited, setEdited] = useState<Row[] | null>(null);
  const [problems, setProblems] = useState<Problems>({});
  const rows: Row[] =
    edited ??
    (definitions.data?.['hydra:member'] ?? []).map((d) => {
      const limit = stock.limits.find((l) => l.profile === d.id);
      return { profile: d.id, name: d.name, min: String(limit?.min ?? ''), max: String(limit?.max ?? '') };
    });
  const change = (i: number, field: 'min' | 'max', value: string) =>
    setEdited(rows.map((row, j) => (j === i ? { ...row, [field]: value } : row)));

  const onSave = async () => {
    const { input, rowOf } = inputOf(rows, stock.version);
    const checked = stockLimitsInputSchema.safeParse(input);
    const found: Problems = {};
    for (const issue of checked.success ? [] : checked.error.issues) {
      const key = problemKey(issue.path.join('.'), rowOf);
      if (key) found[key] ??= issue.message;
    }
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    try {
      await save.mutateAsync(input);
      notifySuccess(t('limits.saved'));
      onClose();
    } catch (error) {
      const violations = error instanceof ApiError ? error.violations : [];
      const fromServer = Object.fromEntries(
        violations.flatMap((v) => {
          const key = problemKey(v.propertyPath, rowOf);
          return key ? [[key, v.message]] : [];
        }),
      );
      if (Object.keys(fromServer).length > 0) setProblems(fromServer);
      else notifyError(errorMessage(error));
    }
  };

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
        <Stack spacing={1.5} data-stock-limits={definitions.data ? 'loaded' : 'loading'}>
          {rows.map((row, i) => (
            <Stack
              key={row.profile}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ alignItems: { sm: 'flex-start' } }}
            >
              <Typography sx={{ flexGrow: 1, pt: { sm: 1 } }}>{row.name}</Typography>
              {(['min', 'max'] as const).map((field) => (
                <TextField
                  key={field}
                  size="small"
                  type="number"
                  label={t(`limits.${field}`)}
                  value={row[field]}
                  onChange={(event) => change(i, field, event.target.value)}
                  error={Boolean(problems[`${i}.${field}`])}
                  helperText={problems[`${i}.${field}`] ? translate(problems[`${i}.${field}`] as string) : undefined}
                  slotProps={{ htmlInput: { min: 0, 'aria-label': `${row.name}: ${t(`limits.${field}`)}` } }}
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
    </Dialog>
  );
}
