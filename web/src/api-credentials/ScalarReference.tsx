import Box from '@mui/material/Box';
import { ApiReferenceReact } from '@scalar/api-reference-react';
import '@scalar/api-reference-react/style.css';
import { useMemo } from 'react';

/**
 * Scalar's API reference over the document the API serves (GET /api/docs.json). Loaded only by the reference
 * page, in its own chunks. Nothing goes to Scalar's services: no web fonts, telemetry, AI agent, MCP or hosted
 * API client; "Test request" calls the API directly (it allows the console's origin).
 */
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
      // No overflow clipping here: it would stop Scalar's sidebar from sticking while the page scrolls.
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}
    >
      <ApiReferenceReact configuration={configuration} />
    </Box>
  );
}
