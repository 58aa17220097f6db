import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * `<html lang>` names the language the page shows, from the moment it shows it: the effect runs after the commit
 * in which a language change re-rendered every translated component (they all re-render in one batch), so a
 * screen reader never reads the new words with the old language's voice, and whoever waits for the attribute
 * (another tab's choice, a test) finds the new words on the page.
 */
export function useDocumentLanguage() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
}
