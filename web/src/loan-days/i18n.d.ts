import type en from '../i18n/features/loanDays/en.json';

declare module '../i18n/i18n' {
  interface FeatureResources {
    loanDays: typeof en;
  }
}
