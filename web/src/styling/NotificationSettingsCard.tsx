import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { HydraCollection } from '@shared/hydra';
import {
  DEFAULT_NOTIFICATIONS,
  NOTIFICATION_LANGUAGES,
  type NotificationsData,
  notificationsDataSchema,
  SETTING_NAMES,
} from '@shared/schemas/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/ApiError';
import { api } from '../api/apiClient';
import { errorMessage } from '../api/errorMessage';
import { notifyError, notifySuccess } from '../common/notifications/notificationStore';
import { useTranslateMessage } from '../i18n/translateMessage';

type Stored = { id: number | null; version: number | null; data: NotificationsData };
type FormValues = { language: NotificationsData['language']; email: string };
const KEY = ['frontend-settings', SETTING_NAMES.notifications] as const;

async function fetchSetting(): Promise<Stored> {
  const list = await api.get<HydraCollection<{ id: number; version: number; data: unknown }>>(
    '/api/frontend-settings',
    { query: { name: SETTING_NAMES.notifications } },
  );
  const record = list['hydra:member'][0];
  const data = notificationsDataSchema.safeParse(record?.data);
  return {
    id: record?.id ?? null,
    version: record?.version ?? null,
    data: data.success ? data.data : DEFAULT_NOTIFICATIONS,
  };
}

/** POST the first record, PUT (with its version) once it exists. */
function saveSetting(stored: Stored, values: FormValues) {
  const body = { name: SETTING_NAMES.notifications, data: { language: values.language, email: values.email || null } };
  return stored.id === null
    ? api.post('/api/frontend-settings', body)
    : api.put(`/api/frontend-settings/${stored.id}`, { ...body, version: stored.version });
}

/**
 * The language of the tenant's alarm and report mails, and the address that gets the delivered /
 * empty reports (empty: every planner, i.e. each user whose role may confirm reports).
 */
export function NotificationSettingsCard() {
  const { t } = useTranslation('styling');
  const stored = useQuery({ queryKey: KEY, queryFn: fetchSetting });
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="mail-settings-title">
      <Typography variant="h6" component="h2" id="mail-settings-title">
        {t('mail.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('mail.help')}
      </Typography>
      {stored.data ? <NotificationSettingsForm stored={stored.data} /> : <Skeleton variant="rounded" height={120} />}
    </Paper>
  );
}

/** Mounted once the record is read, so the form starts from it (a select must not start without a value). */
function NotificationSettingsForm({ stored }: { stored: Stored }) {
  const { t } = useTranslation('styling');
  const { t: base } = useTranslation();
  const translate = useTranslateMessage();
  const queryClient = useQueryClient();
  const { control, register, handleSubmit, setError, reset, formState } = useForm<FormValues>({
    resolver: zodResolver(notificationsDataSchema) as never,
    defaultValues: { language: stored.data.language, email: stored.data.email ?? '' },
  });
  const save = useMutation({
    mutationFn: (values: FormValues) => saveSetting(stored, values),
    onSuccess: (_answer, values) => {
      notifySuccess(t('mail.saved'));
      reset({ language: values.language, email: values.email ?? '' });
    },
    onError: (error) => {
      const message = error instanceof ApiError ? error.violationFor('data.email') : undefined;
      if (message) setError('email', { message });
      else notifyError(errorMessage(error));
    },
    // Also after a 409: the fresh record (its version) is what the next save builds on.
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
  const emailError = formState.errors.email?.message;

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      sx={{ maxWidth: 480 }}
      onSubmit={handleSubmit((values) => save.mutate(values))}
      data-testid="mail-settings"
    >
      <Controller
        control={control}
        name="language"
        render={({ field }) => (
          <TextField select label={t('mail.language')} {...field}>
            {NOTIFICATION_LANGUAGES.map((language) => (
              <MenuItem key={language} value={language}>
                {base(`languages.${language}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <TextField
        label={t('mail.email')}
        type="email"
        {...register('email')}
        error={Boolean(emailError)}
        helperText={emailError ? translate(emailError) : t('mail.emailHelp')}
      />
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={!formState.isDirty || save.isPending}>
          {t('save')}
        </Button>
      </Stack>
    </Stack>
  );
}
