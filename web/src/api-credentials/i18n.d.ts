import type en from '../i18n/features/apiCredentials/en.json';

declare module '../i18n/i18n' {
  interface FeatureResources {
    apiCredentials: typeof en;
  }
}
