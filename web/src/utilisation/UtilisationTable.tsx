import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { UtilisationFigures, UtilisationReport } from '@shared/schemas/utilisation';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';

const phoneHidden = { display: { xs: 'none', sm: 'table-cell' } };
const head = { fontWeight: 600 };

type Column = { key: string; right?: boolean; phone?: boolean; value: (f: UtilisationFigures) => string };

/**
 * The figures of the charts as numbers: per month its profiles and the month's total. On a phone the month,
 * profile, days on hire, utilisation and average cycle stay; the rest is in the wider layout.
 */
export function UtilisationTable({ report, loading }: { report: UtilisationReport | undefined; loading: boolean }) {
  const { t, i18n } = useTranslation('utilisation');
  const { t: common } = useTranslation('common');
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 });
  const orDash = (value: number | null, format: Intl.NumberFormat) => (value === null ? '–' : format.format(value));
  const columns: Column[] = [
    { key: 'assets', right: true, value: (f) => number.format(f.assets) },
    { key: 'owned', right: true, value: (f) => number.format(f.days_owned) },
    { key: 'onHire', right: true, phone: true, value: (f) => number.format(f.days_on_hire) },
    { key: 'idle', right: true, value: (f) => number.format(f.days_idle) },
    { key: 'utilisation', right: true, phone: true, value: (f) => orDash(f.utilisation, percent) },
    { key: 'cycles', right: true, value: (f) => number.format(f.cycles) },
    { key: 'averageCycle', right: true, phone: true, value: (f) => orDash(f.average_cycle_days, number) },
  ];
  const cells = (figures: UtilisationFigures, bold = false) =>
    columns.map((c) => (
      <TableCell key={c.key} align="right" sx={{ ...(c.phone ? {} : phoneHidden), ...(bold ? head : {}) }}>
        {c.value(figures)}
      </TableCell>
    ));
  const empty = !loading && report && report.months.every((m) => m.total.days_owned === 0);
  return (
    <Paper variant="outlined">
      {/* Focusable: on a phone the table may scroll sideways, and a keyboard must reach it (axe). */}
      <TableContainer tabIndex={0} role="region" aria-label={t('tableLabel')}>
        <Table size="small" aria-label={t('tableLabel')} aria-busy={loading} data-testid="utilisation-table">
          <TableHead>
            <TableRow>
              <TableCell sx={head}>{t('month')}</TableCell>
              <TableCell sx={head}>{t('profile')}</TableCell>
              {columns.map((c) => (
                <TableCell key={c.key} align="right" sx={{ ...head, ...(c.phone ? {} : phoneHidden) }}>
                  {t(c.key as 'assets')}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {loading &&
              [1, 2, 3, 4, 5].map((n) => (
                <TableRow key={n} data-testid="skeleton-row">
                  <TableCell colSpan={2 + columns.length}>
                    <Skeleton variant="text" />
                  </TableCell>
                </TableRow>
              ))}
            {empty && (
              <TableRow>
                <TableCell colSpan={2 + columns.length}>{common('noResult')}</TableCell>
              </TableRow>
            )}
            {!loading &&
              !empty &&
              report?.months.map((month) => (
                <Fragment key={month.month}>
                  {month.profiles.map((row) => (
                    <TableRow
                      key={row.profile?.id ?? 0}
                      data-month={month.month}
                      data-profile={row.profile?.id ?? 'none'}
                    >
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{month.month}</TableCell>
                      <TableCell>{row.profile?.name ?? t('noProfile')}</TableCell>
                      {cells(row.figures)}
                    </TableRow>
                  ))}
                  <TableRow data-month={month.month} data-profile="total">
                    <TableCell sx={{ ...head, whiteSpace: 'nowrap' }}>{month.month}</TableCell>
                    <TableCell sx={head}>
                      {t('monthTotal')}
                      <br />
                      <span style={{ fontWeight: 400 }}>
                        {month.through ? t('through', { day: month.through }) : t('notCounted')}
                      </span>
                    </TableCell>
                    {cells(month.total, true)}
                  </TableRow>
                </Fragment>
              ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
