import type en from '../i18n/features/assetProfiles/en.json';

declare module '../i18n/i18n' {
  interface FeatureResources {
    assetProfiles: typeof en;
  }
}
