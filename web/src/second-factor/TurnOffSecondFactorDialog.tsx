import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type SecondFactorTurnOffInput, secondFactorTurnOffInputSchema } from '@shared/schemas/second-factor';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { violationsOnFields } from '../common/forms/violationsOnFields';
import { notifySuccess } from '../common/notifications/notificationStore';
import { useTranslateMessage } from '../i18n/translateMessage';
import { CodeOrRecoveryField } from './CodeOrRecoveryField';
import { useTurnOffOwnSecondFactor } from './secondFactorApi';

const FIELDS = new Set(['password', 'code', 'recovery_code']);
type Values = { password: string; code?: string; recovery_code?: string };

/**
 * Turning my second factor off (before moving it to a new phone, or for good where my role allows): my password
 * and the app's code, or a recovery code when the phone is gone. On a phone the dialog fills the screen.
 */
export function TurnOffSecondFactorDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('secondFactor');
  const { t: tc } = useTranslation('common');
  const translate = useTranslateMessage();
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  const turnOff = useTurnOffOwnSecondFactor();
  const [recovery, setRecovery] = useState(false);
  const { register, handleSubmit, setError, formState } = useForm<Values>({
    resolver: zodResolver(secondFactorTurnOffInputSchema) as Resolver<Values>,
    defaultValues: { password: '' },
    // The code field and the recovery code field take turns: only the one shown is sent (and validated).
    shouldUnregister: true,
  });
  const fieldError = (message: string | undefined) => (message ? translate(message) : undefined);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const proof = recovery ? { recovery_code: values.recovery_code } : { code: values.code };
      await turnOff.mutateAsync({ password: values.password, ...proof } as SecondFactorTurnOffInput);
      notifySuccess(t('turnOff.done'));
      onClose();
    } catch (error) {
      violationsOnFields(error, setError, FIELDS, translate);
    }
  });

  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} maxWidth="xs" fullWidth>
      <DialogTitle>{t('turnOff.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('turnOff.intro')}</DialogContentText>
        <Stack
          component="form"
          id="second-factor-turn-off"
          noValidate
          spacing={2}
          onSubmit={(event) => {
            // The dialog is a portal in the panel: its submit must not bubble to a form around the button.
            event.stopPropagation();
            return onSubmit(event);
          }}
        >
          <TextField
            {...register('password')}
            label={t('password')}
            type="password"
            autoComplete="current-password"
            required
            error={!!formState.errors.password}
            helperText={fieldError(formState.errors.password?.message)}
          />
          <Stack>
            <CodeOrRecoveryField
              recovery={recovery}
              onToggle={() => setRecovery((on) => !on)}
              register={register}
              errorOf={(field) => fieldError(formState.errors[field]?.message)}
            />
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{tc('close')}</Button>
        <Button
          type="submit"
          form="second-factor-turn-off"
          variant="contained"
          color="error"
          loading={formState.isSubmitting}
        >
          {t('turnOff.button')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
