import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AlarmInboxButton } from '../alarm-inbox/AlarmInboxButton';
import { usePageTitle } from '../common/pageHandle';
import { LiveStatusIndicator } from '../live/LiveStatusIndicator';
import { OfflineQueueButton } from '../offline/OfflineQueueButton';
import { ReportsBadge } from '../reports/ReportsBadge';
import { Logo } from './Logo';
import { UserMenu } from './UserMenu';

/** The signed-in top bar: drawer toggle, logo to /, page title, user menu. */
export function TopBar({ drawerOpen, onToggleDrawer }: { drawerOpen: boolean; onToggleDrawer: () => void }) {
  const { t } = useTranslation();
  const title = usePageTitle();
  return (
    <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: { xs: 1, sm: 1.5 } }}>
        <IconButton
          color="inherit"
          edge="start"
          onClick={onToggleDrawer}
          aria-label={drawerOpen ? t('nav.closeMenu') : t('nav.openMenu')}
          aria-expanded={drawerOpen}
        >
          <MenuIcon />
        </IconButton>
        <Logo />
        <Typography
          variant="h6"
          component="div"
          noWrap
          sx={{
            flexGrow: 1,
            minWidth: 0,
            pl: { sm: 1.5 },
            ml: { sm: 0.5 },
            borderLeft: { sm: 1 },
            borderColor: { sm: 'rgba(255,255,255,0.3)' },
          }}
        >
          {title}
        </Typography>
        <LiveStatusIndicator />
        <OfflineQueueButton />
        <AlarmInboxButton />
        <ReportsBadge />
        <UserMenu />
      </Toolbar>
    </AppBar>
  );
}
