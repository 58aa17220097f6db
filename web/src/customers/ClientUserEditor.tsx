import { zodResolver } from '@hookform/resolvers/zod';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ClientUser, clientUserInputSchema, clientUserUpdateInputSchema } from '@shared/schemas/client';
import { useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/ApiError';
import { errorMessage } from '../api/errorMessage';
import { ConfirmDialog } from '../common/list/ConfirmDialog';
import { notifyError, notifySuccess } from '../common/notifications/notificationStore';
import { useTranslateMessage } from '../i18n/translateMessage';
import { PersonalDataSection } from '../personal-data/PersonalDataSection';
import { useSession } from '../session/useSession';
import { type ClientUserPayload, useClientUserMutations } from './customersApi';

type Values = ClientUserPayload;
const FIELDS = new Set(['name', 'email', 'active']);

/**
 * The customer's user editor: name, e-mail and active only (spec 000 s.2: no password, roles, username or
 * device import; the API makes the login with ROLE_CLIENT and the e-mail as username).
 */
export function ClientUserEditor({
  clientId,
  user,
  onDone,
}: {
  clientId: number;
  user: ClientUser | 'new';
  onDone(): void;
}) {
  const { t } = useTranslation('customers');
  const { t: tc } = useTranslation('common');
  const translate = useTranslateMessage();
  const { hasAny } = useSession();
  const isNew = user === 'new';
  const { save, remove } = useClientUserMutations(clientId);
  const [confirming, setConfirming] = useState(false);
  const form = useForm<Values>({
    defaultValues: isNew
      ? { name: '', email: '', active: true }
      : { name: user.name, email: user.email, active: user.active, version: user.version },
    resolver: zodResolver((isNew ? clientUserInputSchema : clientUserUpdateInputSchema) as never, undefined, {
      raw: true,
    }) as unknown as Resolver<Values>,
  });
  const error = (name: keyof Values) => {
    const message = form.formState.errors[name]?.message;
    return message ? { error: true, helperText: translate(String(message)) } : {};
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: isNew ? undefined : user.id, payload: values });
      notifySuccess(isNew ? t('users.notifications.created') : t('users.notifications.updated'));
      onDone();
    } catch (failure) {
      if (!(failure instanceof ApiError) || failure.violations.length === 0) return notifyError(errorMessage(failure));
      for (const violation of failure.violations) {
        if (FIELDS.has(violation.propertyPath))
          form.setError(violation.propertyPath as keyof Values, { message: violation.message });
        else notifyError(violation.message);
      }
    }
  });

  const onDelete = async () => {
    if (isNew) return;
    await remove
      .mutateAsync(user.id)
      .then(() => {
        notifySuccess(t('users.notifications.deleted'));
        onDone();
      })
      .catch(() => undefined);
    setConfirming(false);
  };

  return (
    <Box component="form" id="client-user-form" noValidate onSubmit={onSubmit}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Button startIcon={<ArrowBackIcon />} onClick={onDone}>
          {t('users.back')}
        </Button>
        <Typography variant="subtitle1" component="h3" noWrap>
          {isNew ? t('users.new') : t('users.edit')}
        </Typography>
      </Stack>
      <TextField {...form.register('name')} label={t('users.fields.name')} required autoFocus {...error('name')} />
      <TextField
        {...form.register('email')}
        label={t('users.fields.email')}
        type="email"
        required
        {...error('email')}
      />
      <Controller
        control={form.control}
        name="active"
        render={({ field }) => (
          <FormControlLabel
            control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
            label={t('users.fields.active')}
          />
        )}
      />
      <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
        {!isNew && (
          <Button color="error" startIcon={<DeleteIcon />} onClick={() => setConfirming(true)} sx={{ mr: 'auto' }}>
            {tc('delete')}
          </Button>
        )}
        <Button onClick={onDone}>{tc('close')}</Button>
        <Button type="submit" variant="contained" loading={save.isPending}>
          {tc('save')}
        </Button>
      </Stack>
      {!isNew && (
        <PersonalDataSection
          userId={user.id}
          name={user.name}
          canExport={hasAny(['USER_EDIT'])}
          canErase={hasAny(['USER_DELETE'])}
          onErased={onDone}
        />
      )}
      <ConfirmDialog
        open={confirming}
        message={t('users.confirmDelete', { name: isNew ? '' : user.name })}
        busy={remove.isPending}
        onYes={onDelete}
        onNo={() => setConfirming(false)}
      />
    </Box>
  );
}
