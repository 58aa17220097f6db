import type en from '../../i18n/features/evidence/en.json';

declare module '../../i18n/i18n' {
  interface FeatureResources {
    evidence: typeof en;
  }
}
