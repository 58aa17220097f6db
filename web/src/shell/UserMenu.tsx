import LockReset from '@mui/icons-material/LockReset';
import Logout from '@mui/icons-material/Logout';
import NotificationsActive from '@mui/icons-material/NotificationsActive';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../session/useSession';
import { initialsOfEmail } from './initials';
import { LanguageFlags } from './LanguageFlags';

/** The avatar button with initials of the e-mail, and its menu (spec 001 s.2 top bar). */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, signOut, hasAny, isClient } = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!user) return null;
  const close = () => setAnchor(null);

  return (
    <>
      <Tooltip title={user.email}>
        <IconButton
          onClick={(event) => setAnchor(event.currentTarget)}
          aria-label={t('userMenu.open')}
          aria-haspopup="dialog"
          aria-controls={anchor ? 'user-menu' : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          sx={{ p: 0.5 }}
        >
          <Avatar
            sx={{ width: 36, height: 36, fontSize: 15, bgcolor: 'secondary.main', color: 'secondary.contrastText' }}
          >
            {initialsOfEmail(user.email)}
          </Avatar>
        </IconButton>
      </Tooltip>
      {/*
        A popover around a menu rather than a menu: only the two actions are menu items (arrow keys move between
        them); the user's name, the language flags and the footer sit beside the menu, as a role="menu" may
        hold nothing but its items.
      */}
      <Popover
        id="user-menu"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-label': t('userMenu.open'),
            sx: { minWidth: 240, maxWidth: 'calc(100vw - 16px)', py: 1 },
          },
        }}
      >
        <Box sx={{ px: 2, pt: 0.5, pb: 1.5 }}>
          <Typography variant="subtitle2" noWrap>
            {user.name || user.username || user.email}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {user.email}
          </Typography>
        </Box>
        <Divider />
        <MenuList autoFocusItem>
          <MenuItem
            onClick={() => {
              close();
              navigate('/preferences');
            }}
          >
            <ListItemIcon>
              <LockReset fontSize="small" />
            </ListItemIcon>
            {t('userMenu.changePassword')}
          </MenuItem>
          {(isClient || hasAny(['ALARM_READ'])) && (
            <MenuItem
              onClick={() => {
                close();
                navigate('/alarm-notices');
              }}
            >
              <ListItemIcon>
                <NotificationsActive fontSize="small" />
              </ListItemIcon>
              {t('userMenu.alarmNotices')}
            </MenuItem>
          )}
          <MenuItem
            onClick={() => {
              close();
              signOut();
            }}
          >
            <ListItemIcon>
              <Logout fontSize="small" />
            </ListItemIcon>
            {t('userMenu.signOut')}
          </MenuItem>
        </MenuList>
        <Divider />
        <Box sx={{ px: 2, py: 1 }}>
          <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.5 }}>
            {t('userMenu.language')}
          </Typography>
          <LanguageFlags />
        </Box>
        <Divider />
        <Typography variant="caption" color="text.secondary" component="div" sx={{ px: 2, pt: 1 }}>
          {t('app.poweredBy', { product: t('app.name') })} · © {new Date().getFullYear()}
        </Typography>
      </Popover>
    </>
  );
}
