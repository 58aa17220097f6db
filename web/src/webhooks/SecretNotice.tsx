import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The signing secret right after create or rotate: the only time the console ever has it. */
export function SecretNotice({ secret }: { secret: string }) {
  const { t } = useTranslation('webhooks');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(secret).catch(() => undefined);
    setCopied(true);
  };
  return (
    <Stack spacing={2} data-testid="webhook-secret">
      <Alert severity="warning">{t('secret.once')}</Alert>
      <TextField
        label={t('secret.label')}
        value={secret}
        fullWidth
        slotProps={{
          htmlInput: { readOnly: true, lang: 'en', style: { fontFamily: 'monospace' } },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <Tooltip title={copied ? t('secret.copied') : t('secret.copy')}>
                  <IconButton aria-label={t('secret.copy')} onClick={copy} edge="end">
                    <ContentCopyIcon />
                  </IconButton>
                </Tooltip>
              </InputAdornment>
            ),
          },
        }}
      />
    </Stack>
  );
}
