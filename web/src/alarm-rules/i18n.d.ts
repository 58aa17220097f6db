import type en from '../i18n/features/alarmRules/en.json';

declare module '../i18n/i18n' {
  interface FeatureResources {
    alarmRules: typeof en;
  }
}
