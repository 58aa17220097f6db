import type sharedEn from '../i18n/features/sharedPage/en.json';
import type en from '../i18n/features/shareLinks/en.json';

declare module '../i18n/i18n' {
  interface FeatureResources {
    shareLinks: typeof en;
    sharedPage: typeof sharedEn;
  }
}
