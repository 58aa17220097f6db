import type en from '../i18n/features/zoneStock/en.json';

declare module '../i18n/i18n' {
  interface FeatureResources {
    zoneStock: typeof en;
  }
}
