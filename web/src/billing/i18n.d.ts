import type en from '../i18n/features/billing/en.json';

declare module '../i18n/i18n' {
  interface FeatureResources {
    billing: typeof en;
  }
}
