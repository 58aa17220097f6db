import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  EVIDENCE_FORMATS,
  EVIDENCE_MAX_DAYS,
  type EvidenceFormat,
  evidenceQuerySchema,
} from '@shared/schemas/evidence';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useListExport } from '../../common/export/useListExport';

/**
 * The evidence dialog: a period of whole days in the reader's time zone and a format. The request then runs as
 * every background export does (useListExport: the notices show its progress and the browser saves the file),
 * so the dialog closes as it starts. Whole days make the request repeatable: the same days ask the same period,
 * and so give the same document while the data stays the same.
 */
const DEFAULT_DAYS = 30;

const dayOf = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** Local midnight of a day, `plusDays` later. */
function startOf(day: string, plusDays = 0): Date | undefined {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return undefined;
  return new Date(year, month - 1, date + plusDays);
}

/** The history's period when the address names one (?from=&to=), else the last 30 days up to today. */
function initialPeriod(search: URLSearchParams) {
  const named = (key: string) => {
    const value = search.get(key);
    const ms = value ? Date.parse(value) : Number.NaN;
    return Number.isNaN(ms) ? undefined : dayOf(new Date(ms));
  };
  const today = new Date();
  const from = named('from');
  const to = named('to');
  if (from && to) return { from, to };
  return {
    from: dayOf(new Date(today.getFullYear(), today.getMonth(), today.getDate() - DEFAULT_DAYS + 1)),
    to: dayOf(today),
  };
}

/** From the first day's start to the last day's end (inclusive), as instants. */
function periodQuery(from: string, to: string) {
  const start = startOf(from);
  const end = startOf(to, 1);
  if (!start || !end) return undefined;
  return { from: start.toISOString(), to: new Date(end.getTime() - 1).toISOString() };
}

export function EvidenceDialog({ asset, onClose }: { asset: { id: number; name: string }; onClose: () => void }) {
  const { t } = useTranslation('evidence');
  const [search] = useSearchParams();
  // Two day fields side by side leave a phone's each too narrow for its date: there they stack, full screen.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [period, setPeriod] = useState(() => initialPeriod(search));
  const [type, setType] = useState<EvidenceFormat>('pdf');
  const query = periodQuery(period.from, period.to);
  const valid = query !== undefined && evidenceQuerySchema.safeParse({ ...query, type }).success;
  const evidence = useListExport({
    path: `/api/assets/${asset.id}/evidence`,
    query: () => query ?? {},
    background: true,
  });
  const change = (key: 'from' | 'to') => (event: React.ChangeEvent<HTMLInputElement>) =>
    setPeriod((current) => ({ ...current, [key]: event.target.value }));
  const create = () => {
    evidence.start(type);
    onClose();
  };
  return (
    <Dialog open onClose={onClose} fullScreen={phone} maxWidth="xs" fullWidth aria-labelledby="evidence-title">
      <DialogTitle id="evidence-title">{t('dialog.title', { name: asset.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t('dialog.intro')}
          </Typography>
          <Stack direction={phone ? 'column' : 'row'} spacing={phone ? 2 : 1}>
            {(['from', 'to'] as const).map((key) => (
              <TextField
                key={key}
                type="date"
                size="small"
                label={t(`dialog.${key}`)}
                value={period[key]}
                onChange={change(key)}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `evidence-${key}` } }}
                sx={{ flex: 1, minWidth: 0 }}
              />
            ))}
          </Stack>
          <Typography variant="caption" color={valid ? 'text.secondary' : 'error'} role={valid ? undefined : 'alert'}>
            {valid
              ? t('dialog.maxDays', { days: EVIDENCE_MAX_DAYS })
              : t('dialog.invalidPeriod', { days: EVIDENCE_MAX_DAYS })}
          </Typography>
          <div>
            <FormLabel id="evidence-format">{t('dialog.format')}</FormLabel>
            <RadioGroup
              row
              aria-labelledby="evidence-format"
              value={type}
              onChange={(event) => setType(event.target.value as EvidenceFormat)}
            >
              {EVIDENCE_FORMATS.map((format) => (
                <FormControlLabel
                  key={format}
                  value={format}
                  control={<Radio slotProps={{ input: { 'data-testid': `evidence-type-${format}` } as object }} />}
                  label={t(`dialog.${format}`)}
                />
              ))}
            </RadioGroup>
          </div>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('dialog.cancel')}</Button>
        <Button variant="contained" disabled={!valid || evidence.busy} onClick={create} data-testid="evidence-start">
          {t('dialog.start')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
