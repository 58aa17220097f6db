import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useTranslateMessage } from '../i18n/translateMessage';

/**
 * Translates an English sentence from the shared schemas or the API. The console-wide dictionary first; the
 * asset messages this area adds (assets:messages) next; unknown sentences are shown as they came.
 */
export function useAssetMessage() {
  const { i18n } = useTranslation('assets');
  const translate = useTranslateMessage();
  return useCallback(
    (message: string | undefined): string | undefined => {
      if (!message) return undefined;
      const own = i18n.getResource(i18n.language, 'assets', 'messages') as Record<string, string> | undefined;
      const fallback = i18n.getResource('en', 'assets', 'messages') as Record<string, string> | undefined;
      const global = translate(message);
      if (global !== message) return global;
      return own?.[message] ?? fallback?.[message] ?? message;
    },
    [i18n, translate],
  );
}
