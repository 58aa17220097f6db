import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { BulkEditJob, BulkEditRow } from '@shared/schemas/bulk-edit';
import { useTranslation } from 'react-i18next';
import { useTranslateMessage } from '../i18n/translateMessage';

/** A refused row's reason in the reader's words: "field: message" parts are translated message by message. */
export function useRowReason() {
  const translate = useTranslateMessage();
  return (row: BulkEditRow) =>
    (row.reason ?? '')
      .split('; ')
      .filter(Boolean)
      .map((part) => {
        const at = part.indexOf(': ');
        const whole = translate(part);
        if (whole !== part || at < 0) return whole;
        return `${part.slice(0, at)}: ${translate(part.slice(at + 2))}`;
      })
      .join('; ');
}

/** What needs a look comes first: rows perhaps applied by a stalled job, then refused rows, then applied ones. */
const LOOK_ORDER: Record<BulkEditRow['outcome'], number> = { unknown: 0, refused: 1, done: 2 };

/** The job's progress while it runs, then every row's result. */
export function BulkEditResult({ job }: { job: BulkEditJob }) {
  const { t } = useTranslation('bulkEdit');
  const reason = useRowReason();
  const processed = job.done + job.refused;
  const percent = job.total === 0 ? 100 : Math.round((processed / job.total) * 100);
  const rows = [...job.rows].sort((a, b) => LOOK_ORDER[a.outcome] - LOOK_ORDER[b.outcome]);
  return (
    <Box data-state={job.status} data-testid="bulk-edit-result">
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={t('progress', { processed, total: job.total })}
        sx={{ mb: 1 }}
      />
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('progress', { processed, total: job.total })}
        {job.status !== 'running' && ` · ${t('summary', { done: job.done, refused: job.refused })}`}
      </Typography>
      {job.status === 'failed' && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {t('failed')}
        </Alert>
      )}
      {job.status === 'stalled' && (
        <Alert severity="error" sx={{ mb: 1 }} data-testid="bulk-edit-stalled">
          {t('stalled')}
        </Alert>
      )}
      {job.status !== 'running' && (
        <TableContainer sx={{ maxHeight: 320 }}>
          <Table size="small" stickyHeader aria-label={t('title')}>
            <TableHead>
              <TableRow>
                <TableCell align="right">{t('columns.id')}</TableCell>
                <TableCell>{t('columns.outcome')}</TableCell>
                <TableCell>{t('columns.reason')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id} data-outcome={row.outcome}>
                  <TableCell align="right">{row.id}</TableCell>
                  <TableCell>{t(`outcome.${row.outcome}`)}</TableCell>
                  <TableCell>{reason(row)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
