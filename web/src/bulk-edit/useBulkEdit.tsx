import EditNoteIcon from '@mui/icons-material/EditNote';
import Button from '@mui/material/Button';
import type { BulkEditTarget } from '@shared/schemas/bulk-edit';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CheckedRows, PhoneAction } from '../common/list/ListScreen';
import { notifyError } from '../common/notifications/notificationStore';
import { useTranslateMessage } from '../i18n/translateMessage';
import { type BulkEditAsked, BulkEditDialog } from './BulkEditDialog';
import { useBulkEditJob, useStartBulkEdit } from './bulkEditApi';
import { type BulkEditValues, bulkEditResolver, changesOf, emptyBulkEditValues } from './bulkEditForm';

/**
 * "Edit selected" of a list's selection toolbar (docs/decisions/0331-bulk-edit-runs-as-a-job-one-conditional-write-per-row.md):
 * the dialog chooses the rows (the selection, or every row the list's search and filter match), the fields and
 * their values, asks before it applies, follows the job's progress and shows each row's result, downloadable as
 * CSV. `listFilter` is the list's query as on screen (its API names). The idempotency key is made once per
 * dialog, so a request sent again (a retry, a double click) is the same job.
 */
export function useBulkEdit(target: BulkEditTarget, listFilter: () => Record<string, string | number | undefined>) {
  const { t } = useTranslation('bulkEdit');
  const translate = useTranslateMessage();
  const [asked, setAsked] = useState<BulkEditAsked | null>(null);
  const form = useForm<BulkEditValues, unknown, Record<string, unknown>>({
    defaultValues: emptyBulkEditValues(),
    resolver: bulkEditResolver(target),
  });
  const start = useStartBulkEdit(target);
  const job = useBulkEditJob(target, asked?.jobId);
  const open = (checked: CheckedRows<number>) => {
    form.reset(emptyBulkEditValues());
    setAsked({ ids: [...checked.ids], scope: 'selected', step: 'form', key: crypto.randomUUID() });
  };
  const close = () => setAsked(null);
  const step = (next: Partial<BulkEditAsked>) => setAsked((current) => current && { ...current, ...next });
  const apply = () => {
    if (!asked) return;
    const filter = Object.fromEntries(Object.entries(listFilter()).filter(([, v]) => v !== undefined && v !== ''));
    start.mutate(
      {
        idempotency_key: asked.key,
        selection: asked.scope === 'selected' ? { ids: asked.ids } : { filter },
        changes: changesOf(target, form.getValues()),
      },
      {
        onSuccess: (started) => step({ step: 'job', jobId: started.id }),
        onError: (e) => notifyError(translate(e.message)),
      },
    );
  };
  const label = (checked: CheckedRows<number>) => t('editSelected', { count: checked.ids.length });
  const unusable = (checked: CheckedRows<number>) => checked.ids.length === 0;

  const dialog = (
    <BulkEditDialog
      target={target}
      asked={asked}
      form={form}
      job={job.data}
      starting={start.isPending}
      onChange={step}
      onApply={apply}
      onClose={close}
    />
  );

  return {
    actions: (checked: CheckedRows<number>) => (
      <Button
        variant="outlined"
        startIcon={<EditNoteIcon />}
        disabled={unusable(checked)}
        onClick={() => open(checked)}
      >
        {label(checked)}
      </Button>
    ),
    phoneActions: (checked: CheckedRows<number>): PhoneAction[] => [
      { icon: <EditNoteIcon />, label: label(checked), onClick: () => open(checked), disabled: unusable(checked) },
    ],
    dialog,
  };
}
