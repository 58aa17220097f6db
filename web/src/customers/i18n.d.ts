import type en from '../i18n/features/customers/en.json';

declare module '../i18n/i18n' {
  interface FeatureResources {
    customers: typeof en;
  }
}
