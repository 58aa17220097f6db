import type { ResourceLanguage } from 'i18next';

/**
 * One language's namespaces: `translation` and `messages` from the language file, and each screen area's own
 * file, web/src/i18n/features/<area>/<lang>.json, as namespace <area> (read with useTranslation('<area>')).
 */
export function collectBundle(base: ResourceLanguage, features: Record<string, ResourceLanguage[string]>) {
  const bundle: ResourceLanguage = { ...base };
  for (const [file, strings] of Object.entries(features)) {
    const area = /\/features\/([^/]+)\/\w+\.json$/.exec(file)?.[1];
    if (area) bundle[area] = strings;
  }
  return bundle;
}
