import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from './i18n';

type MessageKey = keyof typeof import('./en.json')['messages'];

const lookup = (message: string) =>
  i18n.t(message as MessageKey, { ns: 'messages', keySeparator: false, nsSeparator: false, defaultValue: message });

/**
 * Translates a text that arrives as an English sentence (a validation message from shared/ or an API
 * error detail). Unknown sentences are shown as they came.
 */
export const translateMessage = (message: string): string => lookup(message);

/** The same, re-rendering the caller when the language changes. */
export function useTranslateMessage() {
  const { i18n: current } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language is the reason to make a new function
  return useCallback((message: string) => lookup(message), [current.language]);
}
