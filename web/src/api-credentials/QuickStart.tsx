import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { apiBaseUrl } from '../api/runtimeConfig';

/** A shell command with a copy button; commands stay in English (they are code). */
function Command({ text }: { text: string }) {
  const { t } = useTranslation('apiCredentials');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(text).catch(() => undefined);
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  };
  const label = t('reference.copyCommand');
  return (
    <Box sx={{ position: 'relative', bgcolor: 'grey.100', borderRadius: 1, border: 1, borderColor: 'divider' }}>
      <Box
        component="pre"
        // Wrapped rather than scrolled sideways: a scrolling block would have to take the keyboard focus (axe
        // scrollable-region-focusable), and a phone shows the whole command.
        sx={{
          m: 0,
          p: 1.5,
          pr: 6,
          fontFamily: 'monospace',
          fontSize: 13,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        {text}
      </Box>
      <Tooltip title={copied ? t('copied') : label}>
        <IconButton aria-label={label} onClick={copy} size="small" sx={{ position: 'absolute', top: 4, right: 4 }}>
          <ContentCopyIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}

export const tokenCommand = (base: string) =>
  [
    `curl -X POST ${base}/api/oauth/token \\`,
    '  -d grant_type=client_credentials \\',
    '  -d client_id="$CLIENT_ID" \\',
    '  -d client_secret="$CLIENT_SECRET"',
    '# {"access_token":"eyJ…","token_type":"Bearer","expires_in":900}',
  ].join('\n');

export const listCommand = (base: string) =>
  [`curl "${base}/api/assets?page=1&itemsPerPage=30" \\`, '  -H "Authorization: Bearer $ACCESS_TOKEN"'].join('\n');

/** How an API client gets a token with client credentials and calls a list. */
export function QuickStart() {
  const { t } = useTranslation('apiCredentials');
  const base = apiBaseUrl();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('reference.quickStart')}
      </Typography>
      <Stack component="ol" spacing={1.5} sx={{ m: 0, pl: 2.5 }}>
        <li>
          <Typography>
            <Link component={RouterLink} to="/api">
              {t('reference.stepCredential')}
            </Link>
          </Typography>
        </li>
        <li>
          <Typography sx={{ mb: 1 }}>{t('reference.stepToken')}</Typography>
          <Command text={tokenCommand(base)} />
        </li>
        <li>
          <Typography sx={{ mb: 1 }}>{t('reference.stepCall')}</Typography>
          <Command text={listCommand(base)} />
        </li>
      </Stack>
      <Typography variant="body2" sx={{ mt: 2 }}>
        <Link href={`${base}/api/docs.json`} target="_blank" rel="noopener">
          {t('reference.document')}
        </Link>
      </Typography>
    </Paper>
  );
}
