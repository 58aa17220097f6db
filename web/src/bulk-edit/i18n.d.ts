import type en from '../i18n/features/bulkEdit/en.json';

declare module '../i18n/i18n' {
  interface FeatureResources {
    bulkEdit: typeof en;
  }
}
