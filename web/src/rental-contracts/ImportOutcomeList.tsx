import Chip from '@mui/material/Chip';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { useTranslateMessage } from '../i18n/translateMessage';
import type { RowOutcome, RowResult } from './contractImportRun';
import { LINE_COLUMNS, type LineColumn } from './contractLine';

/** Rows shown at most: the refused ones first, so a long file's problems are never below the cut. */
const SHOWN = 500;
const ORDER: Record<RowResult, number> = { refused: 0, pending: 1, done: 2, unchanged: 3 };
const COLOUR = { refused: 'error', pending: 'default', done: 'success', unchanged: 'default' } as const;

/** The import's lines: each with its file row, external id, where it stands and, if refused, why. */
export function ImportOutcomeList({ outcomes }: { outcomes: readonly RowOutcome[] }) {
  const { t } = useTranslation('rentalContracts');
  const translate = useTranslateMessage();
  // A column of the file is named as the form names it; any other path (a chunk that failed) as it came.
  const fieldName = (path: string) =>
    (LINE_COLUMNS as readonly string[]).includes(path) ? t(`fields.${path as LineColumn}`) : path;
  // On a phone the problems go under the external id: four columns leave them a word a line.
  const isPhone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const problems = (outcome: RowOutcome) =>
    outcome.violations.map((v) => (
      <Typography key={`${v.propertyPath}:${v.message}`} variant="body2">
        {v.propertyPath ? `${fieldName(v.propertyPath)}: ` : ''}
        {translate(v.message)}
      </Typography>
    ));
  const sorted = [...outcomes].sort((a, b) => ORDER[a.result] - ORDER[b.result] || a.row - b.row).slice(0, SHOWN);
  return (
    <>
      <TableContainer sx={{ maxHeight: '60vh' }}>
        <Table size="small" stickyHeader aria-label={t('report.title')} data-testid="contract-import-report">
          <TableHead>
            <TableRow>
              <TableCell align="right">{t('report.row')}</TableCell>
              <TableCell>{t('report.externalId')}</TableCell>
              <TableCell>{t('report.result')}</TableCell>
              {!isPhone && <TableCell>{t('report.problem')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {sorted.map((outcome) => (
              <TableRow key={outcome.row} data-result={outcome.result}>
                <TableCell align="right">{outcome.row}</TableCell>
                <TableCell>
                  <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                    {outcome.externalId}
                  </Typography>
                  {isPhone && problems(outcome)}
                </TableCell>
                <TableCell>
                  <Chip size="small" color={COLOUR[outcome.result]} label={t(`results.${outcome.result}`)} />
                </TableCell>
                {!isPhone && <TableCell>{problems(outcome)}</TableCell>}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {outcomes.length > SHOWN && (
        <Typography variant="caption" color="text.secondary">
          {t('report.more', { rest: outcomes.length - SHOWN })}
        </Typography>
      )}
    </>
  );
}
