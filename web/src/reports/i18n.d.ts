import type en from '../i18n/features/reports/en.json';

declare module '../i18n/i18n' {
  interface FeatureResources {
    reports: typeof en;
  }
}
