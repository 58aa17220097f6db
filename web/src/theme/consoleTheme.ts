import { deDE, enUS, frFR, type Localization, nlNL } from '@mui/material/locale';
import { createTheme, type Theme } from '@mui/material/styles';
import { type ColorName, DEFAULT_COLORS } from '@shared/schemas/settings';

/**
 * The tenant colour settings of spec 001 s.3 (settings record `colors`); build them from stored entries with
 * `resolveColors` of @shared/schemas/settings, which fills in the defaults.
 */
export type ColourSettings = Readonly<Record<ColorName, string>>;

export const DRAWER_WIDTH = 240;

/** MUI's own texts (pagination "1–20 of 32", "Go to next page", ...) in the console's language. */
const MUI_LOCALES: Readonly<Record<string, Localization>> = { en: enUS, nl: nlNL, de: deDE, fr: frFR };

export function createConsoleTheme(colours: ColourSettings = DEFAULT_COLORS, language = 'en'): Theme {
  return createTheme(
    {
      palette: {
        primary: { main: colours.primary, contrastText: colours.primaryContrast },
        secondary: { main: colours.secondary, contrastText: colours.secondaryContrast },
        background: { default: colours.background, paper: colours.background },
        text: { primary: colours.text },
      },
      shape: { borderRadius: 8 },
      typography: { button: { textTransform: 'none', fontWeight: 600 } },
      components: {
        MuiAppBar: { defaultProps: { elevation: 1 } },
        MuiTextField: { defaultProps: { fullWidth: true, margin: 'normal' } },
      },
    },
    MUI_LOCALES[language] ?? enUS,
  );
}
