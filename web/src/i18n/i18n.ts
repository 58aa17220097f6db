import type { Resource, ResourceLanguage } from 'i18next';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import de from './de.json';
import en from './en.json';
import type commonEn from './features/common/en.json';
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
    resources: typeof en & FeatureResources;
  }
}

/**
 * The English strings of each feature namespace, for typed keys in useTranslation('<area>'). An area adds
 * itself from its own folder (see web/src/permissions/i18n.d.ts):
 * `declare module '../i18n/i18n' { interface FeatureResources { <area>: typeof en } }`.
 */
export interface FeatureResources {
  common: typeof commonEn;
}

function readSavedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * Each screen area keeps its strings in its own namespace, web/src/i18n/features/<area>/<lang>.json, so that
 * areas can be added without touching one shared file. useTranslation('<area>') reads them.
 */
const featureFiles = import.meta.glob<{ default: ResourceLanguage[string] }>('./features/*/*.json', { eager: true });

function resources(): Resource {
  const all: Record<string, ResourceLanguage> = { en: { ...en }, nl: { ...nl }, de: { ...de }, fr: { ...fr } };
  for (const [file, module] of Object.entries(featureFiles)) {
    const [, area, language] = /\.\/features\/([^/]+)\/(\w+)\.json$/.exec(file) ?? [];
    if (area && language && all[language]) all[language][area] = module.default;
  }
  return all;
}

export const featureNamespaces = [...new Set(Object.keys(featureFiles).map((file) => file.split('/')[2] as string))];

export async function initI18n() {
  await i18n.use(initReactI18next).init({
    resources: resources(),
    lng: chooseLanguage(readSavedLanguage(), navigator.languages ?? [navigator.language]),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: LANGUAGES,
    ns: ['translation', 'messages', ...featureNamespaces],
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
