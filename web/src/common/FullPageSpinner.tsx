import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** Shown while the session is renewed and while a lazily loaded page arrives. */
export function FullPageSpinner({ fill = 'screen' }: { fill?: 'screen' | 'area' }) {
  const { t } = useTranslation();
  return (
    <Box
      role="progressbar"
      aria-label={t('app.loading')}
      sx={{ display: 'grid', placeItems: 'center', minHeight: fill === 'screen' ? '100dvh' : 240 }}
    >
      <CircularProgress aria-hidden />
    </Box>
  );
}
