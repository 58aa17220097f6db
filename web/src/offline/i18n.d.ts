import type en from '../i18n/features/offline/en.json';

declare module '../i18n/i18n' {
  interface FeatureResources {
    offline: typeof en;
  }
}
