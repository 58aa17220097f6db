import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { RENTAL_AUDIT_CLASSES } from '@shared/rental-audit/classify-day';
import type { Client } from '@shared/schemas/client';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useClientOptions } from '../assets/assetsApi';
import { ExportMenu } from '../common/export/ExportMenu';
import { usePageTitle } from '../common/pageHandle';
import { useSession } from '../session/useSession';
import { monthOf } from '../utilisation/utilisationApi';
import { AuditDayStrip, CLASS_COLOURS } from './AuditDayStrip';
import { daysOfMonth, rentalAuditQuery } from './rentalAuditApi';

const MONTH = /^20\d{2}-(0[1-9]|1[0-2])$/;

/**
 * The rental audit (GET /api/rental-audit): a month of contract lines held against the tags, the totals per class
 * and a strip per line with a cell a day. The month (?month=) and the customer (?customer=) live in the URL.
 * Client users get their own customer's lines (the API's scope) and no customer picker. The export menu writes the
 * whole month (every answer, not only the first on screen) as PDF, Excel or CSV through the export jobs.
 */
export default function RentalAuditPage() {
  const { t } = useTranslation('rentalAudit');
  const title = usePageTitle();
  const { isClient } = useSession();
  const [params, setParams] = useSearchParams();
  const month = MONTH.test(params.get('month') ?? '') ? (params.get('month') as string) : monthOf(new Date());
  const customer = /^\d+$/.test(params.get('customer') ?? '') ? Number(params.get('customer')) : null;
  const [search, setSearch] = useState('');
  const clients = useClientOptions(search, !isClient);
  const answer = useQuery(rentalAuditQuery(month, customer));
  const set = (next: { month?: string; customer?: number | null }) => {
    const query = new URLSearchParams(params);
    query.set('month', next.month ?? month);
    if (next.customer === null) query.delete('customer');
    else if (next.customer !== undefined) query.set('customer', String(next.customer));
    setParams(query, { replace: true });
  };
  const report = answer.data;
  const days = daysOfMonth(month);
  const state = answer.isPending ? 'loading' : answer.isError ? 'error' : report?.lines.length ? 'ready' : 'empty';
  const selected = (clients.data ?? []).find((c) => c.id === customer) ?? null;

  return (
    <Stack spacing={2} data-testid="rental-audit-screen" data-state={state}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Typography color="text.secondary">{t('intro')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          type="month"
          label={t('month')}
          value={month}
          onChange={(event) => MONTH.test(event.target.value) && set({ month: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ minWidth: 180 }}
        />
        {!isClient && (
          <Autocomplete<Client>
            sx={{ minWidth: 260 }}
            options={clients.data ?? []}
            value={selected}
            getOptionLabel={(c) => c.company || c.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            onChange={(_, c) => set({ customer: c ? c.id : null })}
            onInputChange={(_, text) => setSearch(text)}
            loading={clients.isFetching}
            renderInput={(input) => <TextField {...input} label={t('customer')} />}
          />
        )}
        <Stack direction="row" sx={{ flexGrow: 1, justifyContent: { sm: 'flex-end' } }}>
          <ExportMenu
            path="/api/rental-audit/export"
            background
            query={() => ({ month, ...(customer === null ? {} : { customer }) })}
            refusedText={t('exportEmpty')}
            disabled={!report?.lines.length}
            testId="rental-audit-export"
          />
        </Stack>
      </Stack>
      {answer.isError && <Alert severity="error">{t('loadFailed')}</Alert>}
      {report && (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }} aria-label={t('totals')}>
          {RENTAL_AUDIT_CLASSES.map((name) => (
            <Chip
              key={name}
              variant="outlined"
              label={`${t(`classes.${name}`)}: ${report.totals[name]}`}
              icon={<Box sx={{ width: 10, height: 10, ml: 1, bgcolor: CLASS_COLOURS[name], border: '1px solid' }} />}
            />
          ))}
          {report.disagreeingChecks !== undefined && (
            <Chip
              variant="outlined"
              color={report.disagreeingChecks > 0 ? 'warning' : 'default'}
              label={t('disagreeingChecks', { count: report.disagreeingChecks })}
              data-testid="rental-audit-disagreeing-checks"
            />
          )}
        </Stack>
      )}
      {state === 'empty' && <Typography color="text.secondary">{t('empty')}</Typography>}
      {report && report.lines.length > 0 && (
        // The strips scroll sideways on a phone: the region takes the keyboard's focus to scroll by it.
        <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('tableLabel')}>
          <Table size="small" aria-label={t('tableLabel')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('line')}</TableCell>
                <TableCell>{t('days')}</TableCell>
                <TableCell align="right">{t('attention')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {report.lines.map((line) => (
                <TableRow key={`${line.customer}#${line.externalId}`}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{line.externalId}</TableCell>
                  <TableCell>
                    <AuditDayStrip line={line} days={days} />
                  </TableCell>
                  <TableCell align="right">
                    {line.totals['over-billed'] + line.totals.overdue + line.totals.misplaced + line.totals.unbilled}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {report?.next && <Typography color="text.secondary">{t('more')}</Typography>}
    </Stack>
  );
}
