import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { ThemeProvider } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ColourSettings, createConsoleTheme } from '../theme/consoleTheme';
import { useReducedMotion } from '../theme/useReducedMotion';

/**
 * A small copy of the console in the colours being edited. Its own ThemeProvider (no CssBaseline), so the
 * rest of the console keeps the saved colours until Save.
 */
export function ThemePreview({ colours }: { colours: ColourSettings }) {
  const { t, i18n } = useTranslation('styling');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const reduceMotion = useReducedMotion();
  const theme = useMemo(
    () => createConsoleTheme(colours, language, { reduceMotion }),
    [colours, language, reduceMotion],
  );
  return (
    <ThemeProvider theme={theme}>
      <Box
        data-testid="theme-preview"
        sx={{
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          overflow: 'hidden',
          bgcolor: 'background.default',
          color: 'text.primary',
        }}
      >
        <AppBar position="static" elevation={0}>
          <Toolbar variant="dense" sx={{ gap: 1 }}>
            <MenuIcon fontSize="small" />
            <Typography variant="subtitle1" component="span" sx={{ fontWeight: 600 }}>
              {t('previewTitle')}
            </Typography>
          </Toolbar>
        </AppBar>
        <Stack spacing={2} sx={{ p: 2 }}>
          <Typography variant="body2">{t('previewBody')}</Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            <Button variant="contained" color="primary" size="small">
              {t('primaryButton')}
            </Button>
            <Button variant="contained" color="secondary" size="small">
              {t('secondaryButton')}
            </Button>
            <Chip label={t('chip')} color="secondary" size="small" />
          </Stack>
        </Stack>
      </Box>
    </ThemeProvider>
  );
}
