import type en from '../i18n/features/secondFactor/en.json';

declare module '../i18n/i18n' {
  interface FeatureResources {
    secondFactor: typeof en;
  }
}
