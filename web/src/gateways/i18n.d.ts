import type en from '../i18n/features/gateways/en.json';

declare module '../i18n/i18n' {
  interface FeatureResources {
    gateways: typeof en;
  }
}
