import type en from '../i18n/features/permissions/en.json';

declare module '../i18n/i18n' {
  interface FeatureResources {
    permissions: typeof en;
  }
}
