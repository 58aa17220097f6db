import type en from '../i18n/features/audit/en.json';

declare module '../i18n/i18n' {
  interface FeatureResources {
    audit: typeof en;
  }
}
