import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Client } from '@shared/schemas/client';
import { monthsBetween, UTILISATION_MAX_MONTHS } from '@shared/schemas/utilisation';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useClientOptions } from '../assets/assetsApi';
import { usePageTitle } from '../common/pageHandle';
import { useSession } from '../session/useSession';
import { UtilisationCharts } from './UtilisationCharts';
import { UtilisationTable } from './UtilisationTable';
import { monthOf, utilisationQuery } from './utilisationApi';

const MONTH = /^20\d{2}-(0[1-9]|1[0-2])$/;
const monthParam = (value: string | null, fallback: string) => (MONTH.test(value ?? '') ? (value as string) : fallback);

/** `to` moved so that from..to is a range the API takes: not before `from`, at most 12 months. */
function rangeFrom(from: string, to: string): string {
  if (to < from) return from;
  const months = monthsBetween(from, to);
  return months.length > UTILISATION_MAX_MONTHS ? (months[UTILISATION_MAX_MONTHS - 1] as string) : to;
}

/**
 * Utilisation (GET /api/utilisation): a chart per asset profile over the months and a table of the same figures.
 * The months (?from=&to=, the last six by default) and the customer (?client=) live in the URL, so a view can be
 * linked and reloaded. Client users get their own customer's figures (the API's scope) and no customer filter.
 */
export default function UtilisationPage() {
  const { t } = useTranslation('utilisation');
  const title = usePageTitle();
  const { isClient } = useSession();
  const [params, setParams] = useSearchParams();
  const now = new Date();
  const from = monthParam(params.get('from'), monthOf(now, -5));
  const to = rangeFrom(from, monthParam(params.get('to'), monthOf(now)));
  const client = /^\d+$/.test(params.get('client') ?? '') ? Number(params.get('client')) : null;
  const [search, setSearch] = useState('');
  const clients = useClientOptions(search, !isClient);
  const answer = useQuery(utilisationQuery({ from, to, client }));
  const set = (next: { from?: string; to?: string; client?: number | null }) => {
    const query = new URLSearchParams(params);
    const nextFrom = next.from ?? from;
    query.set('from', nextFrom);
    query.set('to', rangeFrom(nextFrom, next.to ?? to));
    if (next.client !== undefined) {
      if (next.client === null) query.delete('client');
      else query.set('client', String(next.client));
    }
    setParams(query, { replace: true });
  };
  const selected = (clients.data ?? []).find((c) => c.id === client) ?? null;
  const loading = answer.isPending;
  const report = answer.data;
  const state = loading
    ? 'loading'
    : answer.isError
      ? 'error'
      : report?.months.every((m) => m.total.days_owned === 0)
        ? 'empty'
        : 'ready';

  return (
    <Stack spacing={2} data-testid="utilisation-screen" data-state={state}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Typography color="text.secondary">{t('intro')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          type="month"
          label={t('from')}
          value={from}
          onChange={(event) => MONTH.test(event.target.value) && set({ from: event.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'utilisation-from' } }}
          sx={{ minWidth: 180 }}
        />
        <TextField
          type="month"
          label={t('to')}
          value={to}
          onChange={(event) => MONTH.test(event.target.value) && set({ to: event.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'utilisation-to' } }}
          sx={{ minWidth: 180 }}
        />
        {!isClient && (
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
        )}
      </Stack>
      {answer.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => answer.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {t('loadFailed')}
        </Alert>
      )}
      {state !== 'empty' && !answer.isError && <UtilisationCharts report={report} loading={loading} />}
      <UtilisationTable report={report} loading={loading} />
    </Stack>
  );
}
