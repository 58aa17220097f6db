import type en from '../i18n/features/webPush/en.json';

declare module '../i18n/i18n' {
  interface FeatureResources {
    webPush: typeof en;
  }
}
