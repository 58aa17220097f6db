import type en from '../i18n/features/personalData/en.json';

declare module '../i18n/i18n' {
  interface FeatureResources {
    personalData: typeof en;
  }
}
