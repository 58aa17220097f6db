import { MESSAGES } from '@shared/errors';
import type { UseFormSetError } from 'react-hook-form';
import { ApiError } from '../api/ApiError';
import { errorMessage } from '../api/errorMessage';
import { notifyError } from '../common/notifications/notificationStore';
import { translateMessage } from '../i18n/translateMessage';
import type { SignInFormValues } from './signInFormSchema';

const FIELDS = ['email', 'password'] as const;
const isField = (path: string): path is (typeof FIELDS)[number] => (FIELDS as readonly string[]).includes(path);

/**
 * Spec 001 s.8: a 401 shows 'User not found or wrong password' on the fields and as a notice; a 422 puts
 * each violation on its field; anything else shows the server message (or the generic one).
 * Field errors keep the English sentence; the form translates it when it renders.
 */
export function showSignInError(error: unknown, setError: UseFormSetError<SignInFormValues>) {
  if (error instanceof ApiError && error.status === 401) {
    for (const field of FIELDS) setError(field, { type: 'server', message: MESSAGES.signInFailed });
    notifyError(translateMessage(MESSAGES.signInFailed));
    return;
  }
  if (error instanceof ApiError && error.status === 422) {
    for (const { propertyPath, message } of error.violations) {
      if (isField(propertyPath)) setError(propertyPath, { type: 'server', message });
    }
  }
  notifyError(errorMessage(error));
}
