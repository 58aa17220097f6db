import type en from '../i18n/features/devices/en.json';

declare module '../i18n/i18n' {
  interface FeatureResources {
    devices: typeof en;
  }
}
