import type en from '../i18n/features/assetAlarms/en.json';

declare module '../i18n/i18n' {
  interface FeatureResources {
    assetAlarms: typeof en;
  }
}
