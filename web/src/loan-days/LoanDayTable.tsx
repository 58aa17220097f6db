import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { LoanDayReport } from '@shared/schemas/loan-day';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { rowOpenProps } from '../common/list/rowKeyboard';

const phoneHidden = { display: { xs: 'none', sm: 'table-cell' } };

/**
 * The month's loan days: per customer its assets (days outside as a count and as the days of the month, the
 * resets), a total row per customer and the month's total (once the month is read whole). An asset's row opens
 * the asset.
 */
export function LoanDayTable({
  report,
  loading,
  complete = true,
}: {
  report: LoanDayReport | undefined;
  loading: boolean;
  /** False while the month has answers not read yet: its last customer's total and the month's are partial. */
  complete?: boolean;
}) {
  const { t } = useTranslation('loanDays');
  const { t: common } = useTranslation('common');
  const navigate = useNavigate();
  const open = (id: number) => navigate(`/assets/${id}`);
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label={t('tableLabel')} aria-busy={loading} data-testid="loan-day-table">
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 600 }}>{t('customer')}</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{t('asset')}</TableCell>
              <TableCell sx={{ fontWeight: 600 }} align="right">
                {t('count')}
              </TableCell>
              <TableCell sx={{ fontWeight: 600, ...phoneHidden }}>{t('days')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {loading &&
              [1, 2, 3, 4, 5].map((n) => (
                <TableRow key={n} data-testid="skeleton-row">
                  {[1, 2, 3].map((c) => (
                    <TableCell key={c}>
                      <Skeleton variant="text" />
                    </TableCell>
                  ))}
                  <TableCell sx={phoneHidden}>
                    <Skeleton variant="text" />
                  </TableCell>
                </TableRow>
              ))}
            {!loading && report?.customers.length === 0 && (
              <TableRow>
                <TableCell colSpan={4}>{common('noResult')}</TableCell>
              </TableRow>
            )}
            {!loading &&
              report?.customers.map((customer, index) => {
                // The last customer may go on in the next answer: its total waits for it.
                const partial = !complete && index === report.customers.length - 1;
                const name = customer.client ? (customer.client.company ?? `#${customer.client.id}`) : t('noCustomer');
                return (
                  <Fragment key={customer.client?.id ?? 0}>
                    {customer.assets.map((line) => (
                      <TableRow
                        key={line.asset.id}
                        hover
                        data-asset={line.asset.id}
                        onClick={() => open(line.asset.id)}
                        sx={{ cursor: 'pointer' }}
                        {...rowOpenProps(() => open(line.asset.id))}
                      >
                        <TableCell>{name}</TableCell>
                        <TableCell>{line.asset.name}</TableCell>
                        <TableCell align="right">{line.count}</TableCell>
                        <TableCell sx={phoneHidden}>
                          {line.days.map((d) => Number(d.day.slice(8))).join(', ')}
                          {line.resets.length > 0 && ` ${t('resets', { count: line.resets.length })}`}
                        </TableCell>
                      </TableRow>
                    ))}
                    {!partial && (
                      <TableRow data-customer-total={customer.client?.id ?? 0}>
                        <TableCell sx={{ fontWeight: 600 }}>{name}</TableCell>
                        <TableCell sx={{ fontWeight: 600 }}>{t('total')}</TableCell>
                        <TableCell align="right" sx={{ fontWeight: 600 }}>
                          {customer.total}
                        </TableCell>
                        <TableCell sx={phoneHidden} />
                      </TableRow>
                    )}
                  </Fragment>
                );
              })}
            {!loading && complete && report && report.customers.length > 0 && (
              <TableRow data-testid="month-total">
                <TableCell colSpan={2} sx={{ fontWeight: 700 }}>
                  {t('monthTotal')}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 700 }}>
                  {report.total}
                </TableCell>
                <TableCell sx={phoneHidden} />
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
