import type en from '../i18n/features/sso/en.json';

declare module '../i18n/i18n' {
  interface FeatureResources {
    sso: typeof en;
  }
}
