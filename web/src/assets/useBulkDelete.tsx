import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../common/list/ConfirmDialog';
import type { CheckedRows, PhoneAction } from '../common/list/ListScreen';
import { notifySuccess } from '../common/notifications/notificationStore';
import { useDeleteAssets } from './useAssetMutations';

/**
 * Delete selected (spec 000 s.2): the toolbar button, the phone menu's action and the dialog that asks first.
 * The dialog keeps the rows it was opened for, so its count holds while it closes.
 */
export function useBulkDelete() {
  const { t } = useTranslation('assets');
  const deleteAssets = useDeleteAssets();
  const [asked, setAsked] = useState<{ checked: CheckedRows<number>; open: boolean } | null>(null);
  const count = asked?.checked.ids.length ?? 0;
  const ask = (checked: CheckedRows<number>) => setAsked({ checked, open: true });
  const label = (checked: CheckedRows<number>) => t('actions.deleteSelected', { count: checked.ids.length });

  const remove = () => {
    if (!asked) return;
    deleteAssets.mutate([...asked.checked.ids], {
      onSuccess: () => notifySuccess(t('notices.deleted', { count })),
      onSettled: () => {
        setAsked({ ...asked, open: false });
        asked.checked.clear();
      },
    });
  };

  return {
    actions: (checked: CheckedRows<number>) => (
      <Button
        variant="outlined"
        color="error"
        startIcon={<DeleteIcon />}
        disabled={checked.ids.length === 0}
        onClick={() => ask(checked)}
      >
        {label(checked)}
      </Button>
    ),
    phoneActions: (checked: CheckedRows<number>): PhoneAction[] => [
      { icon: <DeleteIcon />, label: label(checked), onClick: () => ask(checked), disabled: checked.ids.length === 0 },
    ],
    dialog: (
      <ConfirmDialog
        open={asked?.open ?? false}
        message={t('confirm.deleteSelected', { count })}
        busy={deleteAssets.isPending}
        onYes={remove}
        onNo={() => asked && setAsked({ ...asked, open: false })}
      />
    ),
  };
}
