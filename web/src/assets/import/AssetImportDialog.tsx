import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AssetImportPlan, AssetImportProgress, AssetImportRow } from '@shared/schemas/asset-import';
import type { ExportResult } from '@shared/schemas/export';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../api/apiClient';
import { errorMessage } from '../../api/errorMessage';
import { useTranslateMessage } from '../../i18n/translateMessage';
import { ASSET_FILTER_KEYS, toApiFilters } from '../assetFilters';
import { assetKeys } from '../assetsApi';
import { errorReportCsv } from './errorReport';
import { excelToCsv } from './excelToCsv';

/** Rows shown in the dry run's table; the counts and the error report cover every row. */
const ROWS_SHOWN = 200;
/** How often the running import's journal is read (the worker counts a chunk of rows at a time). */
const PROGRESS_POLL_MS = 2000;

function download(text: string, name: string) {
  const url = URL.createObjectURL(new Blob([`\uFEFF${text}`], { type: 'text/csv' }));
  Object.assign(document.createElement('a'), { href: url, download: name }).click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Import of /assets (docs/decisions/0332-asset-import-round-trips-the-export-per-row-behind-a-dry-run.md): the
 * import layout to download, a file picked, the dry run's counts and per-row changes, then the same plan applied
 * by the asset import worker with its progress, and the refused and failed rows as a CSV error report.
 */
export function AssetImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('assets');
  const { t: tc } = useTranslation('common');
  const translate = useTranslateMessage();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File>();
  const queryClient = useQueryClient();
  const form = withFile;
  const dryRun = useMutation({
    mutationFn: (f: File) => api.post<AssetImportPlan>('/api/assets/import/dry-run', form(f)),
    meta: { silent: true },
  });
  const apply = useMutation({
    mutationFn: ({ f, plan }: { f: File; plan: string }) =>
      api.post<AssetImportProgress>('/api/assets/import', form(f), { query: { plan } }),
    meta: { silent: true },
  });
  // The request answers once the rows are stored (202); the asset import worker applies them, and its journal is
  // read until the import ended (done, failed, or stalled: its worker went quiet and no run will go on), with its
  // result.
  const started = apply.data;
  const progress = useQuery({
    queryKey: ['asset-import-progress', started?.id],
    queryFn: () => api.get<AssetImportProgress>('/api/assets/import/progress', { query: { plan: started?.plan } }),
    enabled: started?.status === 'running',
    refetchInterval: (query) => (query.state.data?.status === 'running' ? PROGRESS_POLL_MS : false),
    retry: false,
    meta: { silent: true },
  });
  const ended = [started, progress.data].find((answer) => answer && answer.status !== 'running');
  const applying = apply.isPending || (started !== undefined && !ended && !progress.error);
  // The list behind the dialog shows the imported rows once it is closed.
  useEffect(() => {
    if (ended) queryClient.invalidateQueries({ queryKey: assetKeys.all });
  }, [ended, queryClient]);
  const [params] = useSearchParams();
  // The list as filtered on screen, in the import layout: what the user edits and picks again here.
  const template = useMutation({
    mutationFn: (type: 'csv' | 'excel') => {
      const filters = Object.fromEntries(ASSET_FILTER_KEYS.map((key) => [key, params.get(key) ?? undefined]));
      const search = params.get('search') || undefined;
      return api.get<ExportResult>('/api/assets/export', {
        query: { type, layout: 'import', search, ...toApiFilters(filters) },
      });
    },
    onSuccess: (answer) => window.open(answer.url, '_blank', 'noopener'),
    meta: { silent: true },
  });

  const onFile = async (picked: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!picked) return;
    apply.reset();
    // A workbook is sent as the CSV of its first sheet (excelToCsv.ts); the dry run and the import send the same.
    const sent = /\.xlsx$/i.test(picked.name) ? await excelToCsv(picked).catch(() => picked) : picked;
    setFile(sent);
    dryRun.mutate(sent);
  };
  const close = () => {
    setFile(undefined);
    dryRun.reset();
    apply.reset();
    onClose();
  };
  const plan = dryRun.data;
  const result = ended?.result;
  const pending = plan ? plan.counts.create + plan.counts.update : 0;

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="md" aria-labelledby="asset-import-title">
      <DialogTitle id="asset-import-title">{t('import.title')}</DialogTitle>
      <DialogContent data-state={result ? 'applied' : plan ? 'planned' : dryRun.isPending ? 'checking' : 'idle'}>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('import.intro')} {t('import.template')}{' '}
          <Link component="button" type="button" onClick={() => template.mutate('csv')}>
            {tc('export.types.csv')}
          </Link>{' '}
          <Link component="button" type="button" onClick={() => template.mutate('excel')}>
            {tc('export.types.excel')}
          </Link>
        </Typography>
        <input
          ref={input}
          type="file"
          hidden
          accept=".csv,.xlsx,text/csv"
          data-testid="asset-import-file"
          onChange={(event) => onFile(event.target.files?.[0])}
        />
        <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => input.current?.click()}>
          {file ? file.name : t('import.pick')}
        </Button>
        {(dryRun.isPending || applying) && (
          <LinearProgress
            sx={{ mt: 2 }}
            aria-label={t(applying ? 'import.applying' : 'import.checking')}
            {...(applying && progress.data?.total
              ? { variant: 'determinate', value: (100 * progress.data.done) / progress.data.total }
              : {})}
          />
        )}
        {template.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(template.error)}
          </Alert>
        )}
        {dryRun.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(dryRun.error)}
          </Alert>
        )}
        {(apply.error || progress.error) && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(apply.error ?? progress.error)}
          </Alert>
        )}
        {(ended?.status === 'failed' || ended?.status === 'stalled') && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="asset-import-stopped">
            {t(ended.status === 'stalled' ? 'import.stalled' : 'import.stopped', {
              done: ended.done,
              total: ended.total,
            })}
          </Alert>
        )}
        {plan && !result && <ImportPlan plan={plan} />}
        {result && (
          <Alert
            // What an import that stopped short did apply is information, not a success.
            severity={ended?.status !== 'done' ? 'info' : result.counts.failed ? 'warning' : 'success'}
            sx={{ mt: 2 }}
            data-testid="asset-import-result"
          >
            {t('import.done', { ...result.counts })}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        {(result?.rows.some((r) => r.action === 'refused' || r.action === 'failed') ||
          (plan && plan.counts.refused > 0)) && (
          <Button
            onClick={() =>
              download(errorReportCsv(result?.rows ?? plan?.rows ?? [], translate), 'asset-import-errors.csv')
            }
          >
            {t('import.errorReport')}
          </Button>
        )}
        <Button onClick={close}>{t('import.close')}</Button>
        {!result && (
          <Button
            variant="contained"
            disabled={!plan || !file || pending === 0 || applying || started !== undefined}
            onClick={() => file && plan && apply.mutate({ f: file, plan: plan.plan })}
          >
            {t('import.apply', { count: pending })}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

function withFile(f: File) {
  const data = new FormData();
  data.append('files', f);
  return data;
}

/** The dry run: counts, and the rows that change or are refused with what or why (unchanged rows only counted). */
function ImportPlan({ plan }: { plan: AssetImportPlan }) {
  const { t } = useTranslation('assets');
  const translate = useTranslateMessage();
  const describe = (row: AssetImportRow) =>
    row.action === 'refused' || row.action === ('failed' as string)
      ? row.problems.map((p) => `${p.column ? `${p.column}: ` : ''}${translate(p.message)}`).join('; ')
      : row.changes.map((c) => `${t(`import.fields.${c.field}`)}: ${c.from ?? '—'} → ${c.to ?? '—'}`).join('; ');
  return (
    <Box sx={{ mt: 2 }} data-testid="asset-import-plan">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        {(['create', 'update', 'unchanged', 'refused'] as const).map((action) => (
          <Chip key={action} label={t(`import.counts.${action}`, { n: plan.counts[action] })} />
        ))}
      </Box>
      <Box sx={{ overflowX: 'auto', maxHeight: 360 }}>
        <Table size="small" aria-label={t('import.title')}>
          <TableHead>
            <TableRow>
              <TableCell align="right">{t('import.line')}</TableCell>
              <TableCell>{t('import.asset')}</TableCell>
              <TableCell>{t('import.action')}</TableCell>
              <TableCell>{t('import.details')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {plan.rows
              .filter((row) => row.action !== 'unchanged')
              .slice(0, ROWS_SHOWN)
              .map((row) => (
                <TableRow key={row.line} data-action={row.action}>
                  <TableCell align="right">{row.line}</TableCell>
                  <TableCell>{row.id ? `${row.name} (#${row.id})` : row.name}</TableCell>
                  <TableCell>{t(`import.actions.${row.action}`)}</TableCell>
                  <TableCell>{describe(row)}</TableCell>
                </TableRow>
              ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}
