import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';

export interface SideDrawerProps {
  open: boolean;
  title: ReactNode;
  onClose(): void;
  /** Width in theme spacing units (50 = 400 px, 100 = 800 px); phones always get the full width. */
  width?: 50 | 100;
  /** Buttons at the bottom (Delete, Save, ...). */
  actions?: ReactNode;
  children: ReactNode;
}

/** The edit panel of list screens: a right-hand drawer below the top bar with title, body and actions. */
export function SideDrawer({ open, title, onClose, width = 50, actions, children }: SideDrawerProps) {
  const { t } = useTranslation('common');
  const theme = useTheme();
  const titleId = useId();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        // The paper is the dialog (role and aria-modal from MUI); its title names it (axe aria-dialog-name).
        paper: {
          'aria-labelledby': titleId,
          sx: { width: { xs: '100%', sm: theme.spacing(width) }, maxWidth: '100%' },
        },
      }}
    >
      {/* The top bar stays above drawers (shell); this keeps the panel's header below it. */}
      <Toolbar />
      <Toolbar variant="dense" sx={{ gap: 1, pr: { xs: 1, sm: 1 } }}>
        <Typography id={titleId} variant="h6" component="h2" noWrap sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        <IconButton aria-label={t('close')} title={t('close')} onClick={onClose} edge="end">
          <CloseIcon />
        </IconButton>
      </Toolbar>
      <Divider />
      <Box sx={{ flexGrow: 1, overflowY: 'auto', p: { xs: 2, sm: 3 } }}>{children}</Box>
      {actions && (
        <>
          <Divider />
          <Stack direction="row" spacing={1} sx={{ p: 2, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            {actions}
          </Stack>
        </>
      )}
    </Drawer>
  );
}
