import { createConsoleTheme } from '../../web/src/theme/consoleTheme';

describe('the console theme and motion', () => {
  it('keeps MUI transitions and ripples for a user who did not ask for less motion', () => {
    const theme = createConsoleTheme();
    expect(theme.transitions.create('opacity')).toMatch(/opacity \d+ms/);
    expect(theme.transitions.duration.enteringScreen).toBeGreaterThan(0);
    expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(false);
  });

  it('moves nothing for a user whose system asks for reduced motion', () => {
    const theme = createConsoleTheme(undefined, 'nl', { reduceMotion: true });
    expect(theme.transitions.create('opacity')).toBe('none');
    expect(Object.values(theme.transitions.duration)).toEqual(Object.values(theme.transitions.duration).map(() => 0));
    expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
    // The rest of the theme is the same, the language's MUI texts among it.
    expect(theme.components?.MuiTablePagination?.defaultProps?.labelRowsPerPage).toBe('Regels per pagina:');
  });
});
