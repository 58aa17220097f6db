import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { matchPath, Link as RouterLink, useLocation } from 'react-router-dom';
import type { NavigationEntry } from './navigationEntries';
import { NAVIGATION_ICONS } from './navigationIcons';

/** One drawer link; selected on its path and below it (/assets/12 selects Assets). */
export function NavigationItem({
  entry,
  mini,
  onNavigate,
}: {
  entry: NavigationEntry;
  mini: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const Icon = NAVIGATION_ICONS[entry.path];
  const label = t(`pages.${entry.title}`);
  const selected = matchPath({ path: entry.path, end: false }, pathname) !== null;
  return (
    <Tooltip title={mini ? label : ''} placement="right">
      <ListItemButton
        component={RouterLink}
        to={entry.path}
        selected={selected}
        aria-current={selected ? 'page' : undefined}
        onClick={onNavigate}
        sx={{ minHeight: 44, px: 2 }}
      >
        {Icon && (
          <ListItemIcon sx={{ minWidth: 40, color: selected ? 'primary.main' : undefined }}>
            <Icon />
          </ListItemIcon>
        )}
        <ListItemText primary={label} sx={{ opacity: mini ? 0 : 1 }} />
      </ListItemButton>
    </Tooltip>
  );
}
