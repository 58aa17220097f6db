import type en from '../i18n/features/attachments/en.json';

declare module '../i18n/i18n' {
  interface FeatureResources {
    attachments: typeof en;
  }
}
