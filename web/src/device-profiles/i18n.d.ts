import type en from '../i18n/features/deviceProfiles/en.json';

declare module '../i18n/i18n' {
  interface FeatureResources {
    deviceProfiles: typeof en;
  }
}
