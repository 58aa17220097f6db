import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Client } from '@shared/schemas/client';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useClientOptions } from '../assets/assetsApi';
import { ExportMenu } from '../common/export/ExportMenu';
import { usePageTitle } from '../common/pageHandle';
import { LoanDayTable } from './LoanDayTable';
import { mergeReports } from './loanDayAnswers';
import { loanDaysQuery, previousMonth } from './loanDaysApi';

const MONTH = /^20\d{2}-(0[1-9]|1[0-2])$/;

/**
 * The month's loan days per customer for invoicing (GET /api/loan-days): a month picker (the
 * month before this one at first), a customer filter, the table and the export menu (PDF, Excel, CSV through
 * the export jobs). Month and customer live in the URL (?month=&client=), so a report can be linked. A month
 * of more than ~5,000 loan days comes in answers: the first, then "Show more" for each next one (the export
 * writes the whole month).
 */
export default function LoanDaysPage() {
  const { t } = useTranslation('loanDays');
  const title = usePageTitle();
  const [params, setParams] = useSearchParams();
  const month = MONTH.test(params.get('month') ?? '') ? (params.get('month') as string) : previousMonth(new Date());
  const client = /^\d+$/.test(params.get('client') ?? '') ? Number(params.get('client')) : null;
  const [search, setSearch] = useState('');
  const clients = useClientOptions(search);
  const answers = useInfiniteQuery(loanDaysQuery(month, client));
  const report = mergeReports(answers.data?.pages ?? []);
  const set = (next: { month?: string; client?: number | null }) => {
    const query = new URLSearchParams(params);
    if (next.month !== undefined) query.set('month', next.month);
    if (next.client !== undefined) {
      if (next.client === null) query.delete('client');
      else query.set('client', String(next.client));
    }
    setParams(query, { replace: true });
  };
  const selected = (clients.data ?? []).find((c) => c.id === client) ?? null;

  return (
    <Stack spacing={2}>
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
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'loan-days-month' } }}
          sx={{ minWidth: 180 }}
        />
        <Autocomplete<Client>
          sx={{ minWidth: 260 }}
          options={clients.data ?? []}
          value={selected}
          getOptionLabel={(c) => c.company || c.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          onChange={(_, c) => set({ client: c ? c.id : null })}
          onInputChange={(_, text) => setSearch(text)}
          loading={clients.isFetching}
          renderInput={(input) => <TextField {...input} label={t('customerFilter')} />}
        />
        <Stack direction="row" sx={{ flexGrow: 1, justifyContent: { sm: 'flex-end' } }}>
          <ExportMenu
            path="/api/loan-days/export"
            background
            query={() => ({ month, ...(client ? { client } : {}) })}
            refusedText={t('exportEmpty')}
          />
        </Stack>
      </Stack>
      {answers.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => answers.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {t('loadFailed')}
        </Alert>
      )}
      <Typography data-testid="loan-days-total" sx={{ fontWeight: 600 }}>
        {report ? t(answers.hasNextPage ? 'summaryPartial' : 'summary', { count: report.total, month }) : ''}
      </Typography>
      <LoanDayTable report={report} loading={answers.isPending} complete={!answers.hasNextPage} />
      {answers.hasNextPage && (
        <Stack direction="row" sx={{ justifyContent: 'center' }}>
          <Button
            variant="outlined"
            onClick={() => answers.fetchNextPage()}
            loading={answers.isFetchingNextPage}
            data-testid="loan-days-more"
          >
            {t('more')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
