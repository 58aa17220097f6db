import type en from '../i18n/features/pickups/en.json';

declare module '../i18n/i18n' {
  interface FeatureResources {
    pickups: typeof en;
  }
}
