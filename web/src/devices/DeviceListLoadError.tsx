import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';

/**
 * Spec 000 s.2/s.8: when a form's device list fails to load, the field says so under itself with a
 * "Try again" link (not a passing notice: the field stays unusable until the list loads).
 */
export function DeviceListLoadError({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation('devices');
  return (
    <FormHelperText error role="alert" sx={{ mx: 1.75 }}>
      {t('listError')}.{' '}
      <Link component="button" type="button" variant="caption" onClick={onRetry} sx={{ verticalAlign: 'baseline' }}>
        {t('tryAgain')}
      </Link>
    </FormHelperText>
  );
}
