import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type SecondFactorSetup, secondFactorConfirmInputSchema } from '@shared/schemas/second-factor';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { violationsOnFields } from '../common/forms/violationsOnFields';
import { notifySuccess } from '../common/notifications/notificationStore';
import { useTranslateMessage } from '../i18n/translateMessage';
import { KeyToScan } from './KeyToScan';
import { OneTimeCodeField } from './OneTimeCodeField';
import { RecoveryCodesView } from './RecoveryCodesView';
import { useOwnSecondFactorSetup } from './secondFactorApi';

const FIELDS = new Set(['password', 'code']);
/** Step one checks the password only; the code field appears with the key. */
const startSchema = secondFactorConfirmInputSchema.extend({ code: z.string() });
interface SetupValues {
  password: string;
  code: string;
}

/**
 * Setting up my second factor from Preferences: my password (again), the key to scan with the app's first
 * code, then the recovery codes, shown this once. On a phone the dialog fills the screen.
 */
export function OwnSecondFactorDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('secondFactor');
  const { t: tc } = useTranslation('common');
  const translate = useTranslateMessage();
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  const { start, confirm } = useOwnSecondFactorSetup();
  const [setup, setSetup] = useState<SecondFactorSetup>();
  const [codes, setCodes] = useState<string[]>();
  const form = useForm<SetupValues>({
    resolver: zodResolver(setup ? secondFactorConfirmInputSchema : startSchema) as Resolver<SetupValues>,
    defaultValues: { password: '', code: '' },
  });
  const { register, handleSubmit, setError, formState } = form;
  const fieldError = (message: string | undefined) => (message ? translate(message) : undefined);

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (!setup) setSetup(await start.mutateAsync(values.password));
      else {
        setCodes((await confirm.mutateAsync({ password: values.password, code: values.code })).recovery_codes);
        notifySuccess(t('turnedOn'));
      }
    } catch (error) {
      violationsOnFields(error, setError, FIELDS, translate);
    }
  });

  return (
    <Dialog open onClose={codes ? undefined : onClose} fullScreen={fullScreen} maxWidth="xs" fullWidth>
      <DialogTitle>{codes ? t('codesTitle') : t('title')}</DialogTitle>
      <DialogContent>
        {codes ? (
          <RecoveryCodesView codes={codes} />
        ) : (
          <form
            id="second-factor-setup"
            noValidate
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
              autoFocus={!setup}
              disabled={!!setup}
              required
              error={!!formState.errors.password}
              helperText={fieldError(formState.errors.password?.message) ?? t('passwordHint')}
            />
            {setup && <KeyToScan setup={setup} />}
            {setup && (
              <OneTimeCodeField
                registration={register('code')}
                label={t('code')}
                error={fieldError(formState.errors.code?.message)}
              />
            )}
          </form>
        )}
      </DialogContent>
      <DialogActions>
        {codes ? (
          <Button variant="contained" onClick={onClose}>
            {t('savedCodes')}
          </Button>
        ) : (
          <>
            <Button onClick={onClose}>{tc('close')}</Button>
            <Button type="submit" form="second-factor-setup" variant="contained" loading={formState.isSubmitting}>
              {setup ? t('turnOn') : t('continue')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
