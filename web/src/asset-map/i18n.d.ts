import type en from '../i18n/features/assetMap/en.json';

declare module '../i18n/i18n' {
  interface FeatureResources {
    assetMap: typeof en;
  }
}
