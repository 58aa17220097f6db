import EditNoteIcon from '@mui/icons-material/EditNote';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { BULK_EDIT_MAX_ROWS, type BulkEditTarget } from '@shared/schemas/bulk-edit';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CheckedRows, PhoneAction } from '../common/list/ListScreen';
import { notifyError } from '../common/notifications/notificationStore';
import { useTranslateMessage } from '../i18n/translateMessage';
import { BulkEditFields } from './BulkEditFields';
import { BulkEditResult, useRowReason } from './BulkEditResult';
import { downloadResultCsv, useBulkEditJob, useStartBulkEdit } from './bulkEditApi';
import { type BulkEditValues, bulkEditResolver, changesOf, emptyBulkEditValues, FIELDS_OF } from './bulkEditForm';

type Step = 'form' | 'confirm' | 'job';
interface Asked {
  ids: readonly number[];
  scope: 'selected' | 'filter';
  step: Step;
  jobId?: string;
  key: string;
}

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
  const reason = useRowReason();
  const [asked, setAsked] = useState<Asked | null>(null);
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
  const step = (next: Partial<Asked>) => setAsked((current) => current && { ...current, ...next });
  const fieldNames = () =>
    FIELDS_OF[target]
      .filter((field) => form.getValues(`use.${field}`))
      .map((field) => t(`fields.${field}`))
      .join(', ');
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
  const result = job.data;
  const running = asked?.step === 'job' && (!result || result.status === 'running');

  const dialog = (
    <Dialog
      open={asked !== null}
      onClose={running ? undefined : close}
      fullWidth
      maxWidth="sm"
      aria-labelledby="bulk-edit-title"
    >
      <DialogTitle id="bulk-edit-title">{t('title')}</DialogTitle>
      <DialogContent>
        {asked?.step === 'form' && (
          <>
            <RadioGroup value={asked.scope} onChange={(event) => step({ scope: event.target.value as Asked['scope'] })}>
              <FormControlLabel
                value="selected"
                control={<Radio />}
                label={t('scopeSelected', { count: asked.ids.length })}
              />
              <FormControlLabel
                value="filter"
                control={<Radio />}
                label={t('scopeFilter', { max: BULK_EDIT_MAX_ROWS })}
              />
            </RadioGroup>
            <DialogContentText sx={{ my: 1 }}>{t('intro')}</DialogContentText>
            {form.formState.errors.root?.message && (
              <Alert severity="error" sx={{ mb: 1 }}>
                {translate(form.formState.errors.root.message)}
              </Alert>
            )}
            <BulkEditFields target={target} form={form} />
          </>
        )}
        {asked?.step === 'confirm' && (
          <>
            <DialogContentText sx={{ mb: 1 }}>
              {asked.scope === 'selected'
                ? t('confirmSelected', { fields: fieldNames(), count: asked.ids.length })
                : t('confirmFilter', { fields: fieldNames() })}
            </DialogContentText>
            <DialogContentText>{t('confirmHow')}</DialogContentText>
          </>
        )}
        {asked?.step === 'job' && result && <BulkEditResult job={result} />}
      </DialogContent>
      <DialogActions>
        {asked?.step === 'form' && (
          <>
            <Button onClick={close}>{t('cancel')}</Button>
            <Button variant="contained" onClick={form.handleSubmit(() => step({ step: 'confirm' }))}>
              {t('next')}
            </Button>
          </>
        )}
        {asked?.step === 'confirm' && (
          <>
            <Button onClick={() => step({ step: 'form' })}>{t('back')}</Button>
            <Button variant="contained" loading={start.isPending} onClick={apply}>
              {t('apply')}
            </Button>
          </>
        )}
        {asked?.step === 'job' && (
          <>
            {result && result.status !== 'running' && (
              <Button
                onClick={() =>
                  downloadResultCsv(
                    result.rows,
                    {
                      header: [t('columns.id'), t('columns.outcome'), t('columns.reason')],
                      outcome: (row) => t(`outcome.${row.outcome}`),
                      reason,
                    },
                    `${t('fileName')}.csv`,
                  )
                }
              >
                {t('downloadCsv')}
              </Button>
            )}
            <Button variant="contained" disabled={running} onClick={close}>
              {t('close')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
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
