import type en from '../i18n/features/reportKinds/en.json';

declare module '../i18n/i18n' {
  interface FeatureResources {
    reportKinds: typeof en;
  }
}
