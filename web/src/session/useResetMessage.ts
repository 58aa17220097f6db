import { PASSWORD_MIN_LENGTH } from '@shared/schemas/session';
import { useTranslation } from 'react-i18next';
import { useTranslateMessage } from '../i18n/translateMessage';
import { MESSAGE_KEYS } from './resetPasswordApi';

/** A field message (shared schema or server) in the reader's language; unknown ones as they came. */
export function useResetMessage() {
  const { t } = useTranslation('resetPassword');
  const translate = useTranslateMessage();
  return (message: string | undefined) => {
    if (!message) return undefined;
    const key = MESSAGE_KEYS[message];
    return key ? t(key as 'errors.codeWrong', { min: PASSWORD_MIN_LENGTH }) : translate(message);
  };
}
