import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The card of the public pages: full width on phones, a bordered card of at most 440px elsewhere. */
export function PublicCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <Paper
      elevation={0}
      sx={{
        width: '100%',
        maxWidth: { sm: 440 },
        alignSelf: { sm: 'center' },
        p: { xs: 3, sm: 4 },
        border: { xs: 0, sm: 1 },
        borderColor: { sm: 'divider' },
        borderRadius: { xs: 0, sm: 2 },
      }}
    >
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {subtitle && (
        <Typography color="text.secondary" sx={{ mt: 0.5, mb: 1 }}>
          {subtitle}
        </Typography>
      )}
      {children}
    </Paper>
  );
}
