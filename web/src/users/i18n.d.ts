import type en from '../i18n/features/users/en.json';

declare module '../i18n/i18n' {
  interface FeatureResources {
    users: typeof en;
  }
}
