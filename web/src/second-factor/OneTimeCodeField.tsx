import TextField from '@mui/material/TextField';
import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * Where a person types a code from their authenticator app (numeric keypad on a phone, the browser's one-time
 * code autofill) or a recovery code (letters too): the setup dialog and the sign-in's second step.
 */
export function OneTimeCodeField({
  registration,
  label,
  letters = false,
  error,
}: {
  registration: UseFormRegisterReturn;
  label: string;
  /** A recovery code: letters and digits, so the full keyboard. */
  letters?: boolean;
  /** The field's message, translated; its presence marks the field as wrong. */
  error?: string;
}) {
  return (
    <TextField
      {...registration}
      label={label}
      autoComplete="one-time-code"
      autoFocus
      required
      slotProps={{ htmlInput: letters ? {} : { inputMode: 'numeric' } }}
      error={!!error}
      helperText={error}
    />
  );
}
