import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ContractWithVersions } from './rentalContractsApi';

type Version = ContractWithVersions['versions'][number];

/** What a version changed, in a few words: the days and the status (the fields an invoice turns on). */
const summary = (version: Version) =>
  [version.onHire, version.expectedReturn ?? '…', version.offHire ? `→ ${version.offHire}` : ''].join(' ').trim();

/** A line's versions, newest first (the API keeps each one a change superseded). */
export function ContractVersions({ versions }: { versions: readonly Version[] }) {
  const { t, i18n } = useTranslation('rentalContracts');
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 3 }}>
        {t('versions.title')}
      </Typography>
      <Table size="small" aria-label={t('versions.title')} data-testid="contract-versions">
        <TableHead>
          <TableRow>
            <TableCell align="right">{t('versions.version')}</TableCell>
            <TableCell>{t('versions.changedAt')}</TableCell>
            <TableCell>{t('fields.status')}</TableCell>
            <TableCell>{t('versions.days')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {versions.map((version) => (
            <TableRow key={version.version}>
              <TableCell align="right">{version.version}</TableCell>
              <TableCell>{when.format(new Date(version.changedAt))}</TableCell>
              <TableCell>{t(`statuses.${version.status}`)}</TableCell>
              <TableCell>{summary(version)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
