import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * Code and data keys inside translated text (decodeUplink, gps.lat): the same in every language, so marked as
 * having no language (BCP 47 "zxx"); screen readers spell them as they stand and the languages test skips them.
 */
export function Code({ children }: { children: ReactNode }) {
  return (
    <Box component="code" lang="zxx" sx={{ fontFamily: 'monospace', fontSize: '0.95em' }}>
      {children}
    </Box>
  );
}
