import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ResetPasswordInput, resetPasswordInputSchema } from '@shared/schemas/session';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ApiError } from '../api/ApiError';
import { errorMessage } from '../api/errorMessage';
import { notifyError } from '../common/notifications/notificationStore';
import { usePageTitle } from '../common/pageHandle';
import { PublicCard } from '../shell/PublicCard';
import { ResetConfirmForm } from './ResetConfirmForm';
import { requestPasswordReset } from './resetPasswordApi';
import { useResetMessage } from './useResetMessage';

type Step = { name: 'request' } | { name: 'confirm'; email: string } | { name: 'done' };

/**
 * Spec 001 s.2 reset-password screen: e-mail -> "An email is send to {email}" with Back to login; then the
 * code from the mail and a new password (our second step, docs/decisions/0012) -> success and a sign-in link.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation('resetPassword');
  const title = usePageTitle();
  const [step, setStep] = useState<Step>({ name: 'request' });

  return (
    <PublicCard title={title}>
      {step.name === 'request' && <RequestForm onSent={(email) => setStep({ name: 'confirm', email })} />}
      {step.name === 'confirm' && (
        <>
          <Alert severity="success" sx={{ my: 2 }}>
            {t('sent', { email: step.email })}
          </Alert>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {t('confirmIntro')}
          </Typography>
          <ResetConfirmForm email={step.email} onDone={() => setStep({ name: 'done' })} />
          <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mt: 2 }}>
            <BackToLogin />
            <Link component="button" type="button" variant="body2" onClick={() => setStep({ name: 'request' })}>
              {t('requestAgain')}
            </Link>
          </Stack>
        </>
      )}
      {step.name === 'done' && (
        <>
          <Alert severity="success" sx={{ my: 2 }}>
            {t('done')}
          </Alert>
          <Button component={RouterLink} to="/sign-in" variant="contained" size="large" fullWidth>
            {t('signIn')}
          </Button>
        </>
      )}
    </PublicCard>
  );
}

function BackToLogin() {
  const { t } = useTranslation('resetPassword');
  return (
    <Link component={RouterLink} to="/sign-in" variant="body2">
      {t('backToLogin')}
    </Link>
  );
}

function RequestForm({ onSent }: { onSent(email: string): void }) {
  const { t, i18n } = useTranslation('resetPassword');
  const message = useResetMessage();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordInput>({ resolver: zodResolver(resetPasswordInputSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await requestPasswordReset({ email, language: i18n.language as ResetPasswordInput['language'] });
      onSent(email);
    } catch (error) {
      const onEmail = error instanceof ApiError ? error.violationFor('email') : undefined;
      if (onEmail) setError('email', { message: onEmail });
      // Spec 001 s.8: the server message; a 401 is rethrown.
      else if (error instanceof ApiError && error.status === 401) throw error;
      else notifyError(errorMessage(error));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 1 }}>
        {t('intro')}
      </Typography>
      <TextField
        {...register('email')}
        label={t('email')}
        type="email"
        autoComplete="email"
        autoFocus
        required
        error={!!errors.email}
        helperText={message(errors.email?.message)}
      />
      <Button type="submit" variant="contained" size="large" fullWidth loading={isSubmitting} sx={{ mt: 2 }}>
        {t('submit')}
      </Button>
      <Box sx={{ mt: 2 }}>
        <BackToLogin />
      </Box>
    </Box>
  );
}
