import type { BackendModule, ResourceLanguage } from 'i18next';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type en from './en.json';
import type commonEn from './features/common/en.json';
import { chooseLanguage, LANGUAGE_STORAGE_KEY, LANGUAGES, type Language } from './languages';

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
 * Each language is a chunk of its own (./bundles/<lang>.ts), fetched when the console first shows it: the
 * sign-in page loads one language instead of four (issue 10). Each area's strings are a namespace of it.
 */
const BUNDLES: Record<Language, () => Promise<{ default: ResourceLanguage }>> = {
  en: () => import('./bundles/en'),
  nl: () => import('./bundles/nl'),
  de: () => import('./bundles/de'),
  fr: () => import('./bundles/fr'),
};
const loaded = new Map<string, Promise<ResourceLanguage>>();

function loadBundle(language: string): Promise<ResourceLanguage> {
  const load = BUNDLES[language as Language];
  if (!load) return Promise.resolve({});
  let bundle = loaded.get(language);
  if (!bundle) {
    bundle = load().then((module) => module.default);
    // A failed fetch (offline) may be tried again by the next language change.
    bundle.catch(() => loaded.delete(language));
    loaded.set(language, bundle);
  }
  return bundle;
}

/** i18next asks per language and namespace; one bundle answers all namespaces of its language. */
const bundleBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, namespace, callback) => {
    loadBundle(language).then(
      (bundle) => callback(null, bundle[namespace] ?? {}),
      (error: Error) => callback(error, false),
    );
  },
};

export async function initI18n() {
  const language = chooseLanguage(readSavedLanguage(), navigator.languages ?? [navigator.language]);
  // Every language has the same namespaces (test/unit/web-i18n.test.ts), so the first bundle names them all.
  const namespaces = Object.keys(await loadBundle(language));
  await i18n
    .use(initReactI18next)
    .use(bundleBackend)
    .init({
      lng: language,
      // No fallback language to load beside the chosen one: every key exists in all four (the same unit test).
      fallbackLng: false,
      supportedLngs: LANGUAGES,
      ns: namespaces,
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
