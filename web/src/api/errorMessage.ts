import { i18n } from '../i18n/i18n';
import { translateMessage } from '../i18n/translateMessage';
import { ApiError } from './ApiError';

/** The text of a failed call as users see it: the server message, else the generic error (spec 001 s.8). */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError && error.message) return translateMessage(error.message);
  return i18n.t('notifications.genericError');
}
