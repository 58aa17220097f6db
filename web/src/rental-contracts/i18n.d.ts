import type en from '../i18n/features/rentalContracts/en.json';

declare module '../i18n/i18n' {
  interface FeatureResources {
    rentalContracts: typeof en;
  }
}
