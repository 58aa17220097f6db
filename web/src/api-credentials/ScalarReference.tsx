import Box from '@mui/material/Box';
import { ApiReferenceReact } from '@scalar/api-reference-react';
import '@scalar/api-reference-react/style.css';
import { useMemo } from 'react';

/**
 * Scalar's API reference over the document the API serves (GET /api/docs.json). Loaded only by the reference
 * page, in its own chunks. Nothing goes to Scalar's services: no web fonts, telemetry, AI agent, MCP or hosted
 * API client; "Test request" calls the API directly (it allows the console's origin).
 */
/** Scalar's colour variables, darkened to at least 4.5:1 on its lightest three backgrounds (#fff, #f6f6f6, #e7e7e7). */
const SCALAR_AA_COLOURS = {
  '--scalar-color-2': '#545454',
  '--scalar-color-3': '#5e5e5e',
  '--scalar-color-accent': '#0069b4',
  '--scalar-color-green': '#05704b',
  '--scalar-color-blue': '#006aa8',
  '--scalar-color-orange': '#a33b00',
  '--scalar-color-red': '#c40005',
  '--scalar-color-yellow': '#7a5d00',
  '--scalar-sidebar-color-2': '#545454',
  '--scalar-sidebar-search-color': '#5e5e5e',
};

export default function ScalarReference({ document }: { document: object }) {
  const configuration = useMemo(
    () => ({
      content: document,
      withDefaultFonts: false,
      telemetry: false,
      agent: { disabled: true },
      mcp: { disabled: true },
      hideDarkModeToggle: true,
      hideClientButton: true,
      forceDarkModeState: 'light' as const,
      showDeveloperTools: 'never' as const,
      documentDownloadType: 'json' as const,
      defaultHttpClient: { targetKey: 'shell' as const, clientKey: 'curl' as const },
      authentication: { preferredSecurityScheme: 'apiCredentials' },
      customCss: '.scalar-app { --scalar-font: inherit; --scalar-custom-header-height: 64px; }',
    }),
    [document],
  );
  return (
    <Box
      data-testid="api-reference"
      // The API's own document and Scalar's viewer are English only: said so, for screen readers and
      // for the language test, which checks our quick start above it instead.
      lang="en"
      // No overflow clipping here: it would stop Scalar's sidebar from sticking while the page scrolls.
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
        // Scalar's light greys and method colours are below WCAG AA's 4.5:1 on its backgrounds (axe
        // color-contrast). Its own rules sit in cascade layers, so these unlayered ones win.
        '& .light-mode, & .scalar-app': SCALAR_AA_COLOURS,
      }}
    >
      <ApiReferenceReact configuration={configuration} />
    </Box>
  );
}
