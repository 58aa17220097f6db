import type en from '../i18n/features/zoneVisits/en.json';

declare module '../i18n/i18n' {
  interface FeatureResources {
    zoneVisits: typeof en;
  }
}
