import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  KPN_THINGS_MESSAGES,
  type KpnThingsSettings,
  kpnThingsSaveInputSchema,
  kpnThingsSettingsInputSchema,
} from '@shared/schemas/kpn-things';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/ApiError';
import { errorMessage } from '../api/errorMessage';
import { notifyError, notifySuccess } from '../common/notifications/notificationStore';
import { useTranslateMessage } from '../i18n/translateMessage';
import { KPN_SETTINGS_KEY, saveKpnSettings, verifyKpnSettings } from './kpnThingsApi';

const API_FIELDS = [
  'client_id',
  'client_secret',
  'kpn_tenant_id',
  'application_id',
  'project_id',
  'device_group_id',
] as const;
/** The HTTPS destination KPN Things posts uplinks to: optional, both or neither. */
const DESTINATION_FIELDS = ['things_plug_uuid', 'things_shared_secret'] as const;
const FIELDS = [...API_FIELDS, ...DESTINATION_FIELDS] as const;
type Field = (typeof FIELDS)[number];
type FormValues = Record<Field, string>;

const formValues = (settings: KpnThingsSettings): FormValues => ({
  ...settings,
  client_secret: '',
  things_plug_uuid: settings.things_plug_uuid ?? '',
  things_shared_secret: '',
});

/** The webhook's address on this console's API (the console's runtime config names the API). */
const WEBHOOK_PATH = '/api/things/uplink';

/**
 * The six settings with Save and Verify (spec 001 s.2), and the HTTPS destination's plug UUID and shared
 * secret; the stored secrets are never shown, only kept.
 */
export function KpnSettingsForm({ settings }: { settings: KpnThingsSettings }) {
  const { t } = useTranslation('kpnThings');
  const translate = useTranslateMessage();
  const queryClient = useQueryClient();
  const [verified, setVerified] = useState<boolean | null>(null);
  const [busy, setBusy] = useState<'save' | 'verify' | null>(null);
  const secretSet = settings.client_secret_set;
  // A secret field left empty keeps the stored secret; it is never shown.
  const kept: Partial<Record<Field, boolean>> = {
    client_secret: secretSet,
    things_shared_secret: settings.things_shared_secret_set,
  };
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<FormValues>({
    // With a stored secret the field may stay empty: the shared save schema, otherwise all six are required.
    resolver: zodResolver(secretSet ? kpnThingsSaveInputSchema : kpnThingsSettingsInputSchema) as never,
    values: formValues(settings),
    resetOptions: { keepDirtyValues: true },
  });

  const showViolations = (error: unknown) => {
    if (!(error instanceof ApiError)) return notifyError(errorMessage(error));
    const placed = FIELDS.filter((field) => {
      const message = error.violationFor(field);
      if (message) setError(field, { message });
      return !!message;
    });
    if (placed.length === 0) notifyError(errorMessage(error));
  };

  const onSave = handleSubmit(async (values) => {
    setBusy('save');
    try {
      const saved = await saveKpnSettings({ ...values, version: settings.version });
      queryClient.setQueryData(KPN_SETTINGS_KEY, saved);
      reset(formValues(saved));
      notifySuccess(t('saved'));
      await queryClient.invalidateQueries({ queryKey: [...KPN_SETTINGS_KEY, 'device-count'] });
    } catch (error) {
      showViolations(error);
    } finally {
      setBusy(null);
    }
  });

  const onVerify = handleSubmit(async (values) => {
    setBusy('verify');
    setVerified(null);
    try {
      setVerified(await verifyKpnSettings(values));
    } catch (error) {
      showViolations(error);
    } finally {
      setBusy(null);
    }
  });

  const helperText = (field: Field) => {
    const message = errors[field]?.message;
    if (message) return message === KPN_THINGS_MESSAGES[field] ? t(`errors.${field}`) : translate(message);
    if (kept[field]) return t('secretKept');
    return field === 'things_plug_uuid' ? t('destinationHint', { path: WEBHOOK_PATH }) : undefined;
  };

  const isSecret = (field: Field) => field === 'client_secret' || field === 'things_shared_secret';
  const renderField = (field: Field) => (
    <TextField
      key={field}
      {...register(field)}
      label={t(`fields.${field}`)}
      required={(API_FIELDS as readonly Field[]).includes(field) && !kept[field]}
      type={isSecret(field) ? 'password' : 'text'}
      autoComplete={isSecret(field) ? 'new-password' : 'off'}
      placeholder={kept[field] ? '••••••••' : undefined}
      slotProps={kept[field] ? { inputLabel: { shrink: true } } : undefined}
      error={!!errors[field]}
      helperText={helperText(field)}
      fullWidth
    />
  );

  return (
    <Box component="form" noValidate onSubmit={onSave}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {API_FIELDS.map(renderField)}
      </Box>
      <Typography variant="subtitle1" component="h2" sx={{ mt: 3, mb: 1 }}>
        {t('destination')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {DESTINATION_FIELDS.map(renderField)}
      </Box>
      <Stack direction="row" spacing={2} sx={{ mt: 3 }}>
        <Button type="submit" variant="contained" loading={busy === 'save'} disabled={busy === 'verify'}>
          {t('save')}
        </Button>
        <Button variant="outlined" onClick={onVerify} loading={busy === 'verify'} disabled={busy === 'save'}>
          {t('verify')}
        </Button>
      </Stack>
      {verified !== null && (
        <Alert severity={verified ? 'success' : 'error'} sx={{ mt: 2 }} role="status">
          {verified ? t('verifiedSuccess') : t('verifiedFailed')}
        </Alert>
      )}
    </Box>
  );
}
