import type en from '../i18n/features/reportSubscriptions/en.json';

declare module '../i18n/i18n' {
  interface FeatureResources {
    reportSubscriptions: typeof en;
  }
}
