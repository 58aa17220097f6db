import type en from '../i18n/features/webhooks/en.json';

declare module '../i18n/i18n' {
  interface FeatureResources {
    webhooks: typeof en;
  }
}
