import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
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

/**
 * A save met someone else's save (409/412; docs/decisions/0242-versions-are-for-people-s-saves-tags-move-no-version.md): what they changed, theirs beside
 * yours, and the two ways on: Reload (take theirs, drop yours) or Overwrite (save yours over theirs).
 */
export function ConflictDialog({ rows, onReload, onOverwrite, onClose, busy }: ConflictDialogProps) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const open = rows !== null;
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
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
          <Table size="small" aria-label={t('conflict.title')}>
            <TableHead>
              <TableRow>
                <TableCell component="th">{t('conflict.field')}</TableCell>
                <TableCell component="th">{t('conflict.theirs')}</TableCell>
                <TableCell component="th">{t('conflict.yours')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.field} data-field={row.field}>
                  <TableCell component="th" scope="row">
                    {row.label}
                  </TableCell>
                  <TableCell>{row.theirs || '—'}</TableCell>
                  <TableCell>{row.yours || '—'}</TableCell>
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
