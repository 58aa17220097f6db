import type en from '../i18n/features/areaSearch/en.json';

declare module '../i18n/i18n' {
  interface FeatureResources {
    areaSearch: typeof en;
  }
}
