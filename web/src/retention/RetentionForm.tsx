import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import {
  RETENTION_BOUNDS,
  type RetentionInput,
  type RetentionKind,
  type RetentionSettings,
  retentionInputSchema,
} from '@shared/schemas/retention';
import type { UseMutationResult } from '@tanstack/react-query';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { violationsOnFields } from '../common/forms/violationsOnFields';
import { notifySuccess } from '../common/notifications/notificationStore';
import { useTranslateMessage } from '../i18n/translateMessage';

/** The kinds in the order a reader meets them: what the tags report, what people do, what invoices rest on. */
const KINDS: RetentionKind[] = [
  'locatedEventDays',
  'zoneVisitDays',
  'alarmDays',
  'rejectedUplinkDays',
  'webhookDeliveryDays',
  'auditEntryDays',
  'loanDayYears',
];
const FIELDS = new Set<string>(KINDS);

/**
 * One number per kind, validated by the API's own schema (whole numbers within the product's bounds) and saved
 * with the version read, so two administrators' edits never silently overwrite each other (a 409 reloads).
 */
export function RetentionForm({
  settings,
  save,
}: {
  settings: RetentionSettings;
  save: UseMutationResult<RetentionSettings, Error, RetentionInput>;
}) {
  const { t } = useTranslation('retention');
  const translate = useTranslateMessage();
  const { register, handleSubmit, setError, formState } = useForm<RetentionInput>({
    resolver: zodResolver(retentionInputSchema) as Resolver<RetentionInput>,
    defaultValues: settings,
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ ...values, version: settings.version });
      notifySuccess(t('saved'));
    } catch (error) {
      violationsOnFields(error, setError, FIELDS, translate);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} data-testid="retention-form">
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
        {KINDS.map((kind) => {
          const { min, max, default: fallback } = RETENTION_BOUNDS[kind];
          const unit = kind === 'loanDayYears' ? t('years') : t('days');
          const message = formState.errors[kind]?.message;
          return (
            <TextField
              key={kind}
              {...register(kind, { valueAsNumber: true })}
              type="number"
              label={t(`kinds.${kind}.label`)}
              error={!!message}
              helperText={message ? translate(message) : t(`kinds.${kind}.help`, { min, max, fallback })}
              slotProps={{
                htmlInput: { min, max, step: 1, inputMode: 'numeric' },
                input: { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> },
              }}
            />
          );
        })}
      </Box>
      <Button type="submit" variant="contained" sx={{ mt: 3 }} loading={formState.isSubmitting}>
        {t('save')}
      </Button>
    </Box>
  );
}
