import type en from '../i18n/features/assets/en.json';

declare module '../i18n/i18n' {
  interface FeatureResources {
    assets: typeof en;
  }
}
