import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import de from './de.json';
import en from './en.json';
import fr from './fr.json';
import { chooseLanguage, DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, LANGUAGES } from './languages';
import nl from './nl.json';

/**
 * Two namespaces per language file: `translation` holds the interface strings by structured key, `messages`
 * holds texts that arrive as English sentences (shared zod messages, server errors) keyed by that sentence.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: typeof en;
  }
}

function readSavedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

export async function initI18n() {
  await i18n.use(initReactI18next).init({
    resources: { en, nl, de, fr },
    lng: chooseLanguage(readSavedLanguage(), navigator.languages ?? [navigator.language]),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: LANGUAGES,
    ns: ['translation', 'messages'],
    defaultNS: 'translation',
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = i18n.language;
  i18n.on('languageChanged', (language) => {
    document.documentElement.lang = language;
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch {
      // Private mode without storage: the choice lasts for this page only.
    }
  });
}

export { i18n };
