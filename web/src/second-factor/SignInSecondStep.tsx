import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { recoveryCodeSchema, type SecondFactorSetup, secondFactorCodeSchema } from '@shared/schemas/second-factor';
import type { SignInAnswer } from '@shared/schemas/session';
import { lazy, Suspense, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { violationsOnFields } from '../common/forms/violationsOnFields';
import { useTranslateMessage } from '../i18n/translateMessage';
import { signInRequest } from '../session/sessionApi';
import { CodeOrRecoveryField } from './CodeOrRecoveryField';

// The QR code (qrcode.react) is for the few who set their second factor up while signing in: fetched then, so the
// sign-in route stays within its weight budget (test/browser/route-weight.test.ts).
const KeyToScan = lazy(() => import('./KeyToScan').then((module) => ({ default: module.KeyToScan })));

const FIELDS = new Set(['code', 'recovery_code']);
const codeForm = z.object({ code: secondFactorCodeSchema });
const recoveryForm = z.object({ recovery_code: recoveryCodeSchema });
type StepValues = { code?: string; recovery_code?: string };

/**
 * The sign-in's second step, after a right password: the app's code (or a recovery code), or, where the
 * user's role requires a second factor they do not have yet, the key to scan and the app's first code. Each
 * try sends the password again (the server starts every sign-in from it).
 */
export function SignInSecondStep({
  credentials,
  setup,
  onAnswer,
  onBack,
}: {
  credentials: { email: string; password: string };
  /** The key to set up; absent: the factor exists, its code is asked. */
  setup?: SecondFactorSetup;
  onAnswer(answer: SignInAnswer): void;
  onBack(): void;
}) {
  const { t } = useTranslation('secondFactor');
  const translate = useTranslateMessage();
  const [recovery, setRecovery] = useState(false);
  const { register, handleSubmit, setError, formState } = useForm<StepValues>({
    resolver: zodResolver(recovery ? recoveryForm : codeForm) as Resolver<StepValues>,
    defaultValues: { code: '', recovery_code: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      onAnswer(
        await signInRequest({
          ...credentials,
          ...(recovery ? { recovery_code: values.recovery_code } : { code: values.code }),
        }),
      );
    } catch (error) {
      // A wrong code is a 422 on its field; a lockout (429) or a changed password (401) is a notice.
      violationsOnFields(error, setError, FIELDS, translate);
    }
  });
  const fieldError = (message: string | undefined) => (message ? translate(message) : undefined);

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Typography variant="body1" component="h2" sx={{ mb: 1 }}>
        {setup ? t('signIn.setupTitle') : recovery ? t('signIn.recoveryTitle') : t('signIn.codeTitle')}
      </Typography>
      {setup && (
        <Suspense fallback={null}>
          <KeyToScan setup={setup} />
        </Suspense>
      )}
      <Stack>
        <CodeOrRecoveryField
          recovery={recovery}
          onToggle={() => setRecovery((on) => !on)}
          register={register}
          errorOf={(field) => fieldError(formState.errors[field]?.message)}
          canToggle={!setup}
        />
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button onClick={onBack}>{t('signIn.back')}</Button>
        <Button type="submit" variant="contained" size="large" fullWidth loading={formState.isSubmitting}>
          {setup ? t('turnOn') : t('signIn.verify')}
        </Button>
      </Stack>
    </Box>
  );
}
