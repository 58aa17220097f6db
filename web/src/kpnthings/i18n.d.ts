import type en from '../i18n/features/kpnThings/en.json';

declare module '../i18n/i18n' {
  interface FeatureResources {
    kpnThings: typeof en;
  }
}
