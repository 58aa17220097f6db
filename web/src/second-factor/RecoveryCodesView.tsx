import { useTranslation } from 'react-i18next';
import { SecretShownOnce } from '../common/secret/SecretShownOnce';

/** The recovery codes, shown once, right after the factor was turned on. */
export function RecoveryCodesView({ codes }: { codes: string[] }) {
  const { t } = useTranslation('secondFactor');
  return <SecretShownOnce secrets={[{ label: t('codesTitle'), value: codes }]} hint={t('codesIntro')} />;
}
