import type en from '../i18n/features/utilisation/en.json';

declare module '../i18n/i18n' {
  interface FeatureResources {
    utilisation: typeof en;
  }
}
