import { EMAIL_REQUIRED, INVALID_EMAIL } from '@shared/schemas/common';
import {
  PASSWORD_REQUIRED,
  PASSWORD_TOO_SHORT,
  RESET_CODE_EXPIRED,
  RESET_CODE_REQUIRED,
  RESET_CODE_WRONG,
  RESET_TOO_MANY_ATTEMPTS,
  type ResetPasswordConfirmInput,
  type ResetPasswordInput,
  resetPasswordConfirmInputSchema,
} from '@shared/schemas/session';
import { z } from 'zod';
import { api } from '../api/apiClient';

/** POST /user/reset-password: 200 for any address (the server does not tell whether it has an account). */
export const requestPasswordReset = (input: ResetPasswordInput) =>
  api.post('/user/reset-password', input, { auth: false });

export const confirmPasswordReset = (input: ResetPasswordConfirmInput) =>
  api.post('/user/reset-password/confirm', input, { auth: false });

export const PASSWORDS_DIFFER = 'The passwords do not match';

/** Step 2 of the form: the shared rules plus the repeat field, which only the console has. */
export const confirmFormSchema = resetPasswordConfirmInputSchema
  .pick({ code: true, password: true })
  .extend({ repeat: z.string() })
  .refine((values) => values.password === values.repeat, { path: ['repeat'], error: PASSWORDS_DIFFER });
export type ConfirmFormValues = z.input<typeof confirmFormSchema>;

/** Messages of the shared schemas and of the server, to their key in this area's strings. */
export const MESSAGE_KEYS: Record<string, string> = {
  [EMAIL_REQUIRED]: 'errors.emailRequired',
  [INVALID_EMAIL]: 'errors.emailInvalid',
  [RESET_CODE_REQUIRED]: 'errors.codeRequired',
  [RESET_CODE_WRONG]: 'errors.codeWrong',
  [RESET_CODE_EXPIRED]: 'errors.codeExpired',
  [RESET_TOO_MANY_ATTEMPTS]: 'errors.tooManyAttempts',
  [PASSWORD_REQUIRED]: 'errors.passwordRequired',
  [PASSWORD_TOO_SHORT]: 'errors.passwordTooShort',
  [PASSWORDS_DIFFER]: 'errors.passwordsDiffer',
};
