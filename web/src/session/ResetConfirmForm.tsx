import { zodResolver } from '@hookform/resolvers/zod';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/ApiError';
import { errorMessage } from '../api/errorMessage';
import { notifyError } from '../common/notifications/notificationStore';
import { type ConfirmFormValues, confirmFormSchema, confirmPasswordReset } from './resetPasswordApi';
import { useResetMessage } from './useResetMessage';

/** Step 2: the code from the mail and the new password twice; server violations land on their fields. */
export function ResetConfirmForm({ email, onDone }: { email: string; onDone(): void }) {
  const { t } = useTranslation('resetPassword');
  const message = useResetMessage();
  const [showPassword, setShowPassword] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ConfirmFormValues>({
    resolver: zodResolver(confirmFormSchema),
    defaultValues: { code: '', password: '', repeat: '' },
  });

  const onSubmit = handleSubmit(async ({ code, password }) => {
    try {
      await confirmPasswordReset({ email, code, password });
      onDone();
    } catch (error) {
      const violations = error instanceof ApiError && error.status === 422 ? error.violations : [];
      for (const { propertyPath, message: text } of violations) {
        if (propertyPath === 'code' || propertyPath === 'password') setError(propertyPath, { message: text });
      }
      if (!violations.length) notifyError(errorMessage(error));
    }
  });

  const toggleLabel = showPassword ? t('hidePassword') : t('showPassword');
  const passwordType = showPassword ? 'text' : 'password';
  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <TextField
        {...register('code')}
        label={t('code')}
        autoComplete="one-time-code"
        autoFocus
        required
        // Letters and digits ("ABCDE-FGH23"): a text keyboard, capitals, no autocorrect of the code.
        slotProps={{
          htmlInput: { maxLength: 64, autoCapitalize: 'characters', autoCorrect: 'off', spellCheck: false },
        }}
        error={!!errors.code}
        helperText={message(errors.code?.message)}
      />
      <TextField
        {...register('password')}
        label={t('newPassword')}
        type={passwordType}
        autoComplete="new-password"
        required
        error={!!errors.password}
        helperText={message(errors.password?.message)}
        slotProps={{
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  aria-label={toggleLabel}
                  title={toggleLabel}
                  onClick={() => setShowPassword((v) => !v)}
                  edge="end"
                >
                  {showPassword ? <VisibilityOff /> : <Visibility />}
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      <TextField
        {...register('repeat')}
        label={t('repeatPassword')}
        type={passwordType}
        autoComplete="new-password"
        required
        error={!!errors.repeat}
        helperText={message(errors.repeat?.message)}
      />
      <Button type="submit" variant="contained" size="large" fullWidth loading={isSubmitting} sx={{ mt: 2 }}>
        {t('confirm')}
      </Button>
    </Box>
  );
}
