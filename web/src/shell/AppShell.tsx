import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { FullPageSpinner } from '../common/FullPageSpinner';
import { useDocumentTitle } from '../common/pageHandle';
import { useStoredState } from '../common/useStoredState';
import { LiveConsole } from '../live/LiveConsole';
import { NavigationDrawer } from './NavigationDrawer';
import { PageBreadcrumbs } from './PageBreadcrumbs';
import { TopBar } from './TopBar';
import { useShownLocation } from './useShownLocation';

/** The signed-in layout: top bar, navigation drawer, breadcrumbs and the page. */
export function AppShell() {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [wideOpen, setWideOpen] = useStoredState('drawerOpen', true);
  const [phoneOpen, setPhoneOpen] = useState(false);
  const open = isPhone ? phoneOpen : wideOpen;
  useDocumentTitle();
  const shownLocation = useShownLocation();

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      <LiveConsole />
      <TopBar drawerOpen={open} onToggleDrawer={() => (isPhone ? setPhoneOpen(!phoneOpen) : setWideOpen(!wideOpen))} />
      <NavigationDrawer variant={isPhone ? 'temporary' : 'permanent'} open={open} onClose={() => setPhoneOpen(false)} />
      <Box component="main" data-location={shownLocation} sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 } }}>
        <Toolbar />
        <PageBreadcrumbs />
        <Suspense fallback={<FullPageSpinner fill="area" />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
