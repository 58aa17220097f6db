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
import { BULK_EDIT_MAX_ROWS, type BulkEditJob, type BulkEditTarget } from '@shared/schemas/bulk-edit';
import { useTranslation } from 'react-i18next';
import { useTranslateMessage } from '../i18n/translateMessage';
import { BulkEditFields } from './BulkEditFields';
import { BulkEditResult, useRowReason } from './BulkEditResult';
import { downloadResultCsv } from './bulkEditApi';
import { type BulkEditForm, FIELDS_OF } from './bulkEditForm';

/** Where the dialog is: the rows and fields, the confirmation, then the job. */
export interface BulkEditAsked {
  ids: readonly number[];
  scope: 'selected' | 'filter';
  step: 'form' | 'confirm' | 'job';
  jobId?: string;
  /** The idempotency key of this dialog's one request. */
  key: string;
}

interface BulkEditDialogProps {
  target: BulkEditTarget;
  asked: BulkEditAsked | null;
  form: BulkEditForm;
  job: BulkEditJob | undefined;
  starting: boolean;
  onChange(next: Partial<BulkEditAsked>): void;
  onApply(): void;
  onClose(): void;
}

/** The bulk edit dialog of useBulkEdit: its three steps; it cannot be closed while the job runs. */
export function BulkEditDialog({
  target,
  asked,
  form,
  job,
  starting,
  onChange,
  onApply,
  onClose,
}: BulkEditDialogProps) {
  const { t } = useTranslation('bulkEdit');
  const translate = useTranslateMessage();
  const reason = useRowReason();
  const running = asked?.step === 'job' && (!job || job.status === 'running');
  const fieldNames = () =>
    FIELDS_OF[target]
      .filter((field) => form.getValues(`use.${field}`))
      .map((field) => t(`fields.${field}`))
      .join(', ');
  return (
    <Dialog
      open={asked !== null}
      onClose={running ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="bulk-edit-title"
    >
      <DialogTitle id="bulk-edit-title">{t('title')}</DialogTitle>
      <DialogContent>
        {asked?.step === 'form' && (
          <>
            <RadioGroup
              value={asked.scope}
              onChange={(event) => onChange({ scope: event.target.value as BulkEditAsked['scope'] })}
            >
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
        {asked?.step === 'job' && job && <BulkEditResult job={job} />}
      </DialogContent>
      <DialogActions>
        {asked?.step === 'form' && (
          <>
            <Button onClick={onClose}>{t('cancel')}</Button>
            <Button variant="contained" onClick={form.handleSubmit(() => onChange({ step: 'confirm' }))}>
              {t('next')}
            </Button>
          </>
        )}
        {asked?.step === 'confirm' && (
          <>
            <Button onClick={() => onChange({ step: 'form' })}>{t('back')}</Button>
            <Button variant="contained" loading={starting} onClick={onApply}>
              {t('apply')}
            </Button>
          </>
        )}
        {asked?.step === 'job' && (
          <>
            {job && job.status !== 'running' && (
              <Button
                onClick={() =>
                  downloadResultCsv(
                    job.rows,
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
            <Button variant="contained" disabled={running} onClick={onClose}>
              {t('close')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
