import type en from '../i18n/features/rentalAudit/en.json';

declare module '../i18n/i18n' {
  interface FeatureResources {
    rentalAudit: typeof en;
  }
}
