import type en from '../i18n/features/resetPassword/en.json';

declare module '../i18n/i18n' {
  interface FeatureResources {
    resetPassword: typeof en;
  }
}
