import type en from '../i18n/features/stock/en.json';

declare module '../i18n/i18n' {
  interface FeatureResources {
    stock: typeof en;
  }
}
