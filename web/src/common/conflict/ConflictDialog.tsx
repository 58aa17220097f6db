import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConflictRow } from './conflicts';

export interface ConflictDialogProps {
  /** The fields someone else changed since this form was read (empty: only fields the form does not show). */
  rows: readonly ConflictRow[] | null;
  onReload(): void;
  onOverwrite(): void;
  /** Closing without a choice keeps the form as it is, unsaved. */
  onClose(): void;
  busy?: boolean;
}

/** Long values (a name, a reference without spaces) break anywhere rather than push the table wider. */
const WRAPPED = { tableLayout: 'fixed', '& td, & th': { overflowWrap: 'anywhere' } } as const;

/**
 * On a phone three columns leave each value a third of the screen: each field stacks instead, its name, then
 * theirs and yours below one another, each value under its column's name (the header row stays for screen
 * readers, hidden from sight; the visible names are kept out of the accessible text, the header already says it).
 * The rows keep their table roles whatever their display.
 */
const STACKED = {
  ...WRAPPED,
  '& thead': { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)' },
  '& tbody tr': {
    display: 'flex',
    flexDirection: 'column',
    gap: 0.5,
    py: 1.5,
    borderBottom: 1,
    borderColor: 'divider',
  },
  '& tbody th, & tbody td': { display: 'block', border: 0, p: 0 },
  '& tbody th': { fontWeight: 'fontWeightMedium' },
  '& tbody td::before': {
    content: 'attr(data-label) / ""',
    display: 'block',
    typography: 'caption',
    color: 'text.secondary',
  },
} as const;

/**
 * A save met someone else's save (409/412; docs/decisions/0242-versions-are-for-people-s-saves-tags-move-no-version.md): what they changed, theirs beside
 * yours, and the two ways on: Reload (take theirs, drop yours) or Overwrite (save yours over theirs).
 */
export function ConflictDialog({ rows, onReload, onOverwrite, onClose, busy }: ConflictDialogProps) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const open = rows !== null;
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullScreen={phone}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
      data-testid="conflict-dialog"
    >
      <DialogTitle id={titleId}>{t('conflict.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {rows?.length ? t('conflict.intro') : t('conflict.introHidden')}
        </DialogContentText>
        {!!rows?.length && (
          <Table size="small" role="table" aria-label={t('conflict.title')} sx={phone ? STACKED : WRAPPED}>
            <TableHead role="rowgroup">
              <TableRow role="row">
                <TableCell component="th" role="columnheader">
                  {t('conflict.field')}
                </TableCell>
                <TableCell component="th" role="columnheader">
                  {t('conflict.theirs')}
                </TableCell>
                <TableCell component="th" role="columnheader">
                  {t('conflict.yours')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody role="rowgroup">
              {rows.map((row) => (
                <TableRow key={row.field} role="row" data-field={row.field}>
                  <TableCell component="th" scope="row" role="rowheader">
                    {row.label}
                  </TableCell>
                  <TableCell role="cell" data-label={t('conflict.theirs')}>
                    {row.theirs || '—'}
                  </TableCell>
                  <TableCell role="cell" data-label={t('conflict.yours')}>
                    {row.yours || '—'}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => open && onReload()} disabled={busy}>
          {t('conflict.reload')}
        </Button>
        <Button onClick={() => open && onOverwrite()} variant="contained" color="warning" loading={busy}>
          {t('conflict.overwrite')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
