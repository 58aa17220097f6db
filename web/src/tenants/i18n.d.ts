import type en from '../i18n/features/tenants/en.json';

declare module '../i18n/i18n' {
  interface FeatureResources {
    tenants: typeof en;
  }
}
