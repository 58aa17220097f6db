import type en from '../../i18n/features/assetHistory/en.json';

declare module '../../i18n/i18n' {
  interface FeatureResources {
    assetHistory: typeof en;
  }
}
