import type en from '../i18n/features/retention/en.json';

declare module '../i18n/i18n' {
  interface FeatureResources {
    retention: typeof en;
  }
}
