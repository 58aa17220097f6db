import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { alpha } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, Link as RouterLink } from 'react-router-dom';
import { FullPageSpinner } from '../common/FullPageSpinner';
import { useDocumentTitle } from '../common/pageHandle';
import { useSession } from '../session/useSession';
import { LanguageMenuButton } from './LanguageMenuButton';
import { Logo } from './Logo';
import { useShownLocation } from './useShownLocation';

/** Layout of the pages used without a session: sign-in, sign-up, password reset, SSO callback. */
export function PublicLayout() {
  const { t } = useTranslation();
  const { user } = useSession();
  useDocumentTitle();
  const shownLocation = useShownLocation();
  return (
    <Box
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: (theme) => alpha(theme.palette.primary.main, 0.04),
      }}
    >
      <AppBar position="static">
        <Toolbar sx={{ gap: 1 }}>
          <Logo />
          <Box sx={{ flexGrow: 1 }} />
          <LanguageMenuButton />
          {!user && (
            <>
              <Button color="inherit" component={RouterLink} to="/sign-in">
                {t('pages.signIn')}
              </Button>
              <Button variant="contained" color="secondary" component={RouterLink} to="/sign-up">
                {t('pages.signUp')}
              </Button>
            </>
          )}
        </Toolbar>
      </AppBar>
      <Box
        component="main"
        data-location={shownLocation}
        sx={{
          flexGrow: 1,
          display: 'flex',
          justifyContent: 'center',
          alignItems: { xs: 'stretch', sm: 'center' },
          p: { xs: 0, sm: 3 },
        }}
      >
        <Suspense fallback={<FullPageSpinner fill="area" />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
