import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './ConfirmDialog';

export interface DeleteButtonProps {
  /** The question ("Delete alarm rule X?"). */
  message: ReactNode;
  /** Runs the delete; the dialog closes when it settles, either way (a failure shows its own notice). */
  onConfirm(): Promise<unknown>;
  disabled?: boolean;
  /** The button's word where the action is not a delete (a contract line is cancelled, and kept). */
  label?: string;
}

/** A side panel's Delete button at the start of its actions, asking Yes / No first (conventions). */
export function DeleteButton({ message, onConfirm, disabled, label }: DeleteButtonProps) {
  const { t } = useTranslation('common');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } catch {
      // The failed call's notice says why; the panel stays open.
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return (
    <>
      <Button
        color="error"
        startIcon={<DeleteIcon />}
        onClick={() => setConfirming(true)}
        disabled={disabled}
        sx={{ mr: 'auto' }}
      >
        {label ?? t('delete')}
      </Button>
      <ConfirmDialog
        open={confirming}
        message={message}
        busy={busy}
        onYes={confirm}
        onNo={() => setConfirming(false)}
      />
    </>
  );
}
