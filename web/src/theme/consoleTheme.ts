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

/** No time at all for every MUI transition: panels, dialogs and menus appear and go at once. */
const NO_MOTION = {
  transitions: {
    create: () => 'none',
    duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
  },
};

/**
 * `reduceMotion`: the user asked their system for less motion (prefers-reduced-motion, WCAG 2.3.3): panels slide,
 * dialogs fade and buttons ripple no more. MapLibre honours the same setting on its own (camera moves jump).
 */
export function createConsoleTheme(
  colours: ColourSettings = DEFAULT_COLORS,
  language = 'en',
  { reduceMotion = false } = {},
): Theme {
  return createTheme(
    {
      ...(reduceMotion ? NO_MOTION : {}),
      palette: {
        primary: { main: colours.primary, contrastText: colours.primaryContrast },
        secondary: { main: colours.secondary, contrastText: colours.secondaryContrast },
        background: { default: colours.background, paper: colours.background },
        text: { primary: colours.text },
        // Status colours dark enough for WCAG AA's 4.5:1 as text (outlined chips, error messages) on white and on a
        // selected row; MUI's defaults were 3.1:1 (warning) and 4.1:1 (success on a selected row).
        success: { main: '#1e6b24' },
        warning: { main: '#9a4800' },
        error: { main: '#c62828' },
        // The text on MUI's own colours (filled chips, badges) is chosen for 4.5:1 too, not MUI's default 3:1.
        contrastThreshold: 4.5,
      },
      shape: { borderRadius: 8 },
      typography: { button: { textTransform: 'none', fontWeight: 600 } },
      components: {
        MuiButtonBase: { defaultProps: { disableRipple: reduceMotion } },
        MuiAppBar: { defaultProps: { elevation: 1 } },
        MuiTextField: { defaultProps: { fullWidth: true, margin: 'normal' } },
        // Numbers stand right-aligned under right-aligned headings; equal-width digits keep their places in line.
        MuiTableCell: { styleOverrides: { alignRight: { fontVariantNumeric: 'tabular-nums' } } },
        // Rows that open a panel take the keyboard focus (common/list/rowKeyboard.ts): show where it is.
        MuiTableRow: {
          styleOverrides: {
            root: ({ theme }) => ({
              '&[tabindex="0"]:focus-visible': {
                outline: `2px solid ${theme.palette.primary.main}`,
                outlineOffset: -2,
              },
            }),
          },
        },
      },
    },
    MUI_LOCALES[language] ?? enUS,
  );
}
