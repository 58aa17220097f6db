import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ApiToken } from '@shared/schemas/api-token';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A read-only value with a copy button (the secret must be copied before it is gone). */
function CopyField({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation('apiCredentials');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(value).catch(() => undefined);
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  };
  const copyLabel = t('copy', { field: label });
  return (
    <TextField
      label={label}
      value={value}
      fullWidth
      slotProps={{
        htmlInput: { readOnly: true, style: { fontFamily: 'monospace' } },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={copied ? t('copied') : copyLabel}>
                <IconButton aria-label={copyLabel} onClick={copy} edge="end">
                  <ContentCopyIcon />
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** Shown right after saving: client id and the once-only client secret. */
export function CreatedCredential({ token, onDone }: { token: ApiToken; onDone(): void }) {
  const { t } = useTranslation('apiCredentials');
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Alert severity="warning">{t('secretOnce')}</Alert>
      <Typography sx={{ fontWeight: 600 }}>{token.name}</Typography>
      <CopyField label={t('clientId')} value={token.client_id} />
      <CopyField label={t('clientSecret')} value={token.client_secret ?? ''} />
      <Button variant="outlined" onClick={onDone} sx={{ alignSelf: 'flex-start' }}>
        {t('done')}
      </Button>
    </Stack>
  );
}
