import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  open: boolean;
  /** Defaults to "Are you sure?". */
  title?: string;
  message: ReactNode;
  onYes(): void;
  onNo(): void;
  /** Shows progress on Yes while the action runs. */
  busy?: boolean;
}

/** Destructive actions ask first (conventions): Yes / No. */
export function ConfirmDialog({ open, title, message, onYes, onNo, busy }: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  return (
    <Dialog open={open} onClose={busy ? undefined : onNo} maxWidth="xs" fullWidth>
      <DialogTitle>{title ?? t('confirm.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onNo} disabled={busy}>
          {t('confirm.no')}
        </Button>
        {/* A second click while the dialog fades out must not run the action again. */}
        <Button onClick={() => open && onYes()} color="error" variant="contained" loading={busy} autoFocus>
          {t('confirm.yes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
