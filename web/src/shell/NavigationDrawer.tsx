import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import Toolbar from '@mui/material/Toolbar';
import { isStaff } from '@shared/permissions';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/useSession';
import { TenantIndicator } from '../tenants/TenantIndicator';
import { DRAWER_WIDTH } from '../theme/consoleTheme';
import { NavigationItem } from './NavigationItem';
import { NAVIGATION_ENTRIES } from './navigationEntries';

/** Width of the closed permanent drawer: icons only. */
export const MINI_DRAWER_WIDTH = 57;

interface Props {
  /** permanent on wide screens (closed = icons only), temporary on phones. */
  variant: 'permanent' | 'temporary';
  open: boolean;
  onClose: () => void;
}

export function NavigationDrawer({ variant, open, onClose }: Props) {
  const { t } = useTranslation();
  const { hasAny, isAdmin, user } = useSession();
  const staff = user ? isStaff(user.roles) : false;
  const mini = variant === 'permanent' && !open;
  const width = mini ? MINI_DRAWER_WIDTH : DRAWER_WIDTH;
  const entries = NAVIGATION_ENTRIES.filter(
    (entry) => hasAny(entry.anyOf) && (!entry.adminOnly || isAdmin) && (!entry.staffOnly || staff),
  );
  const groups = (['tracking', 'administration'] as const)
    .map((group) => entries.filter((entry) => entry.group === group))
    .filter((group) => group.length > 0);

  return (
    <Drawer
      variant={variant}
      open={variant === 'temporary' ? open : true}
      onClose={onClose}
      ModalProps={{ keepMounted: true }}
      // On phones the drawer is a modal dialog (MUI gives the paper that role): it needs a name.
      slotProps={{ paper: variant === 'temporary' ? { 'aria-label': t('nav.navigation') } : {} }}
      sx={{
        width,
        flexShrink: 0,
        '& .MuiDrawer-paper': {
          width,
          boxSizing: 'border-box',
          overflowX: 'hidden',
          whiteSpace: 'nowrap',
          transition: (theme) => theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
        },
      }}
    >
      <Toolbar />
      <TenantIndicator mini={mini} />
      <Divider />
      <List component="nav" aria-label={t('nav.navigation')}>
        {groups.map((group, index) => (
          <Fragment key={group[0]?.group}>
            {index > 0 && <Divider sx={{ my: 1 }} />}
            {group.map((entry) => (
              <NavigationItem
                key={entry.path}
                entry={entry}
                mini={mini}
                onNavigate={variant === 'temporary' ? onClose : undefined}
              />
            ))}
          </Fragment>
        ))}
      </List>
    </Drawer>
  );
}
