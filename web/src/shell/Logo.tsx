import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

/** Top-bar logo linking to / (the tenant logo of GET /api/logo can replace the mark later). */
export function Logo({ showName = true }: { showName?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box
      component={RouterLink}
      to="/"
      // The name shown beside the mark starts the link's name, so speech matches what is seen (axe
      // label-content-name-mismatch); phones hide it, the name stays.
      aria-label={`${t('app.name')}: ${t('nav.home')}`}
      sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none', flexShrink: 0 }}
    >
      <LogoMark />
      {showName && (
        <Typography variant="subtitle1" component="span" sx={{ fontWeight: 700, display: { xs: 'none', sm: 'block' } }}>
          {t('app.name')}
        </Typography>
      )}
    </Box>
  );
}

function LogoMark() {
  return (
    <Box
      component="svg"
      viewBox="0 0 32 32"
      aria-hidden
      sx={{ width: 32, height: 32, color: 'secondary.main', display: 'block' }}
    >
      <rect width="32" height="32" rx="7" fill="currentColor" opacity="0.18" />
      <path
        d="M16 5.5a7.5 7.5 0 0 0-7.5 7.5c0 5.6 7.5 13.5 7.5 13.5s7.5-7.9 7.5-13.5A7.5 7.5 0 0 0 16 5.5zm0 10.2a2.7 2.7 0 1 1 0-5.4 2.7 2.7 0 0 1 0 5.4z"
        fill="currentColor"
      />
    </Box>
  );
}
