import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** One value of what was just made: a text (a PEM block is `multiline`) or a list of codes. */
export interface ShownSecret {
  label: string;
  value: string | readonly string[];
  multiline?: boolean;
}

/** A copy button whose tooltip says when the value has been copied. */
function CopyButton({ label, text }: { label: string; text: string }) {
  const { t } = useTranslation('common');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    // Without a clipboard (an insecure origin) the value is still there to select by hand.
    await navigator.clipboard?.writeText(text).catch(() => undefined);
    setCopied(true);
  };
  const copyLabel = t('shownOnce.copy', { field: label });
  return (
    <Tooltip title={copied ? t('shownOnce.copied') : copyLabel}>
      <IconButton aria-label={copyLabel} onClick={copy} edge="end">
        <ContentCopyIcon />
      </IconButton>
    </Tooltip>
  );
}

/** Codes as a list (each one is typed on its own later), with one button that copies them all. */
function CodeList({ label, codes }: { label: string; codes: readonly string[] }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Box
        component="ul"
        aria-label={label}
        lang="en"
        sx={{
          flex: 1,
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
          gap: 1,
          fontFamily: 'monospace',
          fontSize: '1rem',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <CopyButton label={label} text={codes.join('\n')} />
    </Stack>
  );
}

function SecretField({ secret }: { secret: ShownSecret & { value: string } }) {
  const { label, value, multiline } = secret;
  return (
    <TextField
      label={label}
      value={value}
      fullWidth
      margin="none"
      multiline={multiline}
      maxRows={multiline ? 4 : undefined}
      slotProps={{
        // A secret is no word of any language.
        htmlInput: {
          readOnly: true,
          lang: 'en',
          style: { fontFamily: 'monospace', fontSize: multiline ? 12 : undefined },
        },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <CopyButton label={label} text={value} />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

interface SecretShownOnceProps {
  secrets: readonly ShownSecret[];
  /** What the values are for, said after the warning that is the same on every screen. */
  hint?: string;
  /** More after the values (downloads, Done). */
  children?: ReactNode;
  testId?: string;
}

/**
 * Whatever the console is handed once and can never read again (client secrets, signing and uplink secrets,
 * gateway keys, recovery codes): the same warning on every screen, each value read-only with its copy button.
 */
export function SecretShownOnce({ secrets, hint, children, testId }: SecretShownOnceProps) {
  const { t } = useTranslation('common');
  return (
    <Stack spacing={2} sx={{ pt: 1 }} data-testid={testId}>
      <Alert severity="warning">{t('shownOnce.warning')}</Alert>
      {hint && <Typography color="text.secondary">{hint}</Typography>}
      {secrets.map((secret) =>
        typeof secret.value === 'string' ? (
          <SecretField key={secret.label} secret={{ ...secret, value: secret.value }} />
        ) : (
          <CodeList key={secret.label} label={secret.label} codes={secret.value} />
        ),
      )}
      {children}
    </Stack>
  );
}
