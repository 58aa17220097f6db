import type en from '../i18n/features/styling/en.json';

declare module '../i18n/i18n' {
  interface FeatureResources {
    styling: typeof en;
  }
}
