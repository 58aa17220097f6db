import { zodResolver } from '@hookform/resolvers/zod';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SignInAnswer } from '@shared/schemas/session';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { clearNotifications } from '../common/notifications/notificationStore';
import { useTranslateMessage } from '../i18n/translateMessage';
import { RecoveryCodesView } from '../second-factor/RecoveryCodesView';
import { SignInSecondStep } from '../second-factor/SignInSecondStep';
import { PublicCard } from '../shell/PublicCard';
import { MicrosoftLogo } from './MicrosoftLogo';
import { isSession, signInRequest } from './sessionApi';
import { startSession } from './sessionStore';
import { showSignInError } from './signInErrors';
import { type SignInFormValues, signInFormSchema } from './signInFormSchema';
import { ssoStartUrl } from './ssoBinding';

/** A right password whose sign-in waits for the second factor (its code, or its setup). */
interface PendingSignIn {
  credentials: { email: string; password: string };
  stayLoggedIn: boolean;
  answer: Exclude<SignInAnswer, { token: string }>;
}

/** Spec 001 s.2 sign-in screen. A successful sign-in stores the session; the route guard then leaves this page. */
export default function SignInPage() {
  const { t } = useTranslation();
  const { t: ts } = useTranslation('secondFactor');
  const translate = useTranslateMessage();
  const [showPassword, setShowPassword] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignInFormValues>({
    resolver: zodResolver(signInFormSchema),
    defaultValues: { email: '', password: '', stayLoggedIn: true },
  });

  const [pending, setPending] = useState<PendingSignIn>();
  const [recoveryCodes, setRecoveryCodes] = useState<{ codes: string[]; enter(): void }>();

  /** A session enters; one whose sign-in turned a second factor on first shows its recovery codes. */
  const take = (answer: SignInAnswer, credentials: PendingSignIn['credentials'], stayLoggedIn: boolean) => {
    if (!isSession(answer)) return setPending({ credentials, stayLoggedIn, answer });
    const enter = () => {
      startSession({ user: answer.user, token: answer.token, refresh_token: answer.refresh_token }, stayLoggedIn);
      clearNotifications();
    };
    if (answer.recovery_codes) setRecoveryCodes({ codes: answer.recovery_codes, enter });
    else enter();
  };

  const onSubmit = handleSubmit(async ({ email, password, stayLoggedIn }) => {
    try {
      take(await signInRequest({ email, password }), { email, password }, stayLoggedIn);
    } catch (error) {
      showSignInError(error, setError);
    }
  });

  if (recoveryCodes)
    return (
      <PublicCard title={t('pages.signIn')}>
        <RecoveryCodesView codes={recoveryCodes.codes} />
        <Button variant="contained" size="large" fullWidth sx={{ mt: 2 }} onClick={recoveryCodes.enter}>
          {ts('savedCodes')}
        </Button>
      </PublicCard>
    );
  if (pending)
    return (
      <PublicCard title={t('pages.signIn')}>
        <SignInSecondStep
          credentials={pending.credentials}
          setup={pending.answer.second_factor === 'setup' ? pending.answer : undefined}
          onAnswer={(answer) => take(answer, pending.credentials, pending.stayLoggedIn)}
          onBack={() => setPending(undefined)}
        />
      </PublicCard>
    );

  const fieldError = (message: string | undefined) => (message ? translate(message) : undefined);
  const togglePasswordLabel = showPassword ? t('signIn.hidePassword') : t('signIn.showPassword');

  return (
    <PublicCard title={t('pages.signIn')} subtitle={t('signIn.welcome')}>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <TextField
          {...register('email')}
          label={t('signIn.email')}
          autoComplete="username"
          autoFocus
          required
          error={!!errors.email}
          helperText={fieldError(errors.email?.message)}
        />
        <TextField
          {...register('password')}
          label={t('signIn.password')}
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          required
          error={!!errors.password}
          helperText={fieldError(errors.password?.message)}
          slotProps={{
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    aria-label={togglePasswordLabel}
                    title={togglePasswordLabel}
                    onClick={() => setShowPassword((shown) => !shown)}
                    edge="end"
                  >
                    {showPassword ? <VisibilityOff /> : <Visibility />}
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mt: 1 }}>
          <Controller
            name="stayLoggedIn"
            control={control}
            render={({ field }) => (
              <FormControlLabel
                label={t('signIn.stayLoggedIn')}
                control={<Checkbox checked={field.value} onChange={(_, checked) => field.onChange(checked)} />}
              />
            )}
          />
          <Link component={RouterLink} to="/reset-password" variant="body2">
            {t('signIn.forgotPassword')}
          </Link>
        </Stack>
        <Button type="submit" variant="contained" size="large" fullWidth loading={isSubmitting} sx={{ mt: 2 }}>
          {t('signIn.submit')}
        </Button>
      </Box>
      <Divider sx={{ my: 3 }}>
        <Typography variant="body2" color="text.secondary">
          {t('signIn.or')}
        </Typography>
      </Divider>
      <Button
        variant="outlined"
        size="large"
        fullWidth
        // A button, not a link: the flow must start bound to this tab (ssoBinding.ts), never in a new one.
        onClick={() => window.location.assign(ssoStartUrl())}
        startIcon={<MicrosoftLogo />}
      >
        {t('signIn.singleSignOn')}
      </Button>
    </PublicCard>
  );
}
