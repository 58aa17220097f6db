import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { DEFAULT_COLORS } from '@shared/schemas/settings';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ColourSettings, createConsoleTheme } from './consoleTheme';
import { useReducedMotion } from './useReducedMotion';

/** The one place the MUI theme is made; pass the tenant's colours once they are loaded. */
export function ConsoleThemeProvider({
  colours = DEFAULT_COLORS,
  children,
}: {
  colours?: ColourSettings;
  children: ReactNode;
}) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const reduceMotion = useReducedMotion();
  const theme = useMemo(
    () => createConsoleTheme(colours, language, { reduceMotion }),
    [colours, language, reduceMotion],
  );
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
