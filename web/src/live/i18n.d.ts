import type en from '../i18n/features/live/en.json';

declare module '../i18n/i18n' {
  interface FeatureResources {
    live: typeof en;
  }
}
