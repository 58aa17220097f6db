import type en from '../i18n/features/labels/en.json';

declare module '../i18n/i18n' {
  interface FeatureResources {
    labels: typeof en;
  }
}
