import type en from '../i18n/features/alarmInbox/en.json';

declare module '../i18n/i18n' {
  interface FeatureResources {
    alarmInbox: typeof en;
  }
}
