import type en from '../i18n/features/alarmNotices/en.json';

declare module '../i18n/i18n' {
  interface FeatureResources {
    alarmNotices: typeof en;
  }
}
