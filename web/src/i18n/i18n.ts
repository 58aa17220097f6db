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

type Chunk = () => Promise<{ default: ResourceLanguage }>;

/**
 * Two chunks per language, each fetched when first needed: what the public pages read (./bundles/<lang>.ts: the
 * language file, common, password reset, company sign-in), so the sign-in page loads one language's public
 * strings only (the sign-in page's 300 kB budget); and the signed-in screens' areas (./bundles/<lang>-screens.ts),
 * which the signed-in shell loads before it shows (loadScreenStrings).
 */
const PUBLIC: Record<Language, Chunk> = {
  en: () => import('./bundles/en'),
  nl: () => import('./bundles/nl'),
  de: () => import('./bundles/de'),
  fr: () => import('./bundles/fr'),
};
const SCREENS: Record<Language, Chunk> = {
  en: () => import('./bundles/en-screens'),
  nl: () => import('./bundles/nl-screens'),
  de: () => import('./bundles/de-screens'),
  fr: () => import('./bundles/fr-screens'),
};

const loaded = new Map<string, Promise<ResourceLanguage>>();

/** Each chunk once; a failed fetch (offline) may be tried again by the next read. */
function load(chunks: Record<Language, Chunk>, language: string, part: string): Promise<ResourceLanguage> {
  const chunk = chunks[language as Language];
  if (!chunk) return Promise.resolve({});
  const key = `${language}:${part}`;
  let bundle = loaded.get(key);
  if (!bundle) {
    bundle = chunk().then((module) => module.default);
    bundle.catch(() => loaded.delete(key));
    loaded.set(key, bundle);
  }
  return bundle;
}

async function loadNamespace(language: string, namespace: string): Promise<ResourceLanguage[string]> {
  const publicStrings = await load(PUBLIC, language, 'public');
  if (namespace in publicStrings) return publicStrings[namespace] ?? {};
  return (await load(SCREENS, language, 'screens'))[namespace] ?? {};
}

/**
 * The signed-in screens' namespaces, loaded before the signed-in shell shows (shell/LayoutForSession.tsx), so
 * no screen suspends on its strings later (a suspension there would blank the page and lose the focus). i18next
 * keeps them in its list, so a language change loads them in the new language too.
 */
export async function loadScreenStrings(): Promise<void> {
  const screens = await load(SCREENS, i18n.language, 'screens');
  await i18n.loadNamespaces(Object.keys(screens));
}

/** i18next asks per language and namespace. */
const bundleBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, namespace, callback) => {
    loadNamespace(language, namespace).then(
      (strings) => callback(null, strings),
      (error: Error) => callback(error, false),
    );
  },
};

export async function initI18n() {
  const language = chooseLanguage(readSavedLanguage(), navigator.languages ?? [navigator.language]);
  // Every language has the same namespaces (test/unit/web-i18n.test.ts); the public chunk names the first ones.
  const namespaces = Object.keys(await load(PUBLIC, language, 'public'));
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
  // The page's lang attribute follows once the new language is on screen (useDocumentLanguage).
  i18n.on('languageChanged', (language) => {
    if (languageOfThisPageOnly) return;
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch {
      // Private mode without storage: the choice lasts for this page only.
    }
  });
  // A language chosen in another tab of the console applies to this one at once, as the next load would.
  window.addEventListener('storage', (event) => {
    const chosen = event.key === LANGUAGE_STORAGE_KEY ? event.newValue : null;
    if (chosen && (LANGUAGES as readonly string[]).includes(chosen) && chosen !== i18n.language)
      void i18n.changeLanguage(chosen);
  });
}

/**
 * A page shown in a language that is not the reader's choice (a share link's, for someone without an account):
 * the console open in other tabs of the same browser, and its next load, keep the language chosen there.
 */
let languageOfThisPageOnly = false;
export function showThisPageIn(language: string) {
  languageOfThisPageOnly = true;
  if (i18n.language !== language) void i18n.changeLanguage(language);
}

export { i18n };
