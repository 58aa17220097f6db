import type en from '../i18n/features/scan/en.json';

declare module '../i18n/i18n' {
  interface FeatureResources {
    scan: typeof en;
  }
}
