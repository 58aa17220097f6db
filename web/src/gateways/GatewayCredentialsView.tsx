import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import type { GatewayCredentials } from '@shared/schemas/gateway';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A read-only value with a copy button; PEM blocks are several lines. */
function CopyField({ label, value, multiline }: { label: string; value: string; multiline?: boolean }) {
  const { t } = useTranslation('gateways');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(value).catch(() => undefined);
    setCopied(true);
  };
  const copyLabel = t('copy', { field: label });
  return (
    <TextField
      label={label}
      value={value}
      fullWidth
      multiline={multiline}
      maxRows={multiline ? 4 : undefined}
      slotProps={{
        htmlInput: { readOnly: true, style: { fontFamily: 'monospace', fontSize: multiline ? 12 : undefined } },
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

/** Saves `text` as a file (the certificate and key files a gateway's MQTT client is configured with). */
function download(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/x-pem-file' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  link.click();
  URL.revokeObjectURL(url);
}

/** What a gateway needs to connect, right after registering it: shown once, never again. */
export function GatewayCredentialsView({
  thingName,
  credentials,
}: {
  thingName: string;
  credentials: GatewayCredentials;
}) {
  const { t } = useTranslation('gateways');
  return (
    <Stack spacing={2} sx={{ pt: 1 }} data-testid="gateway-credentials">
      <Alert severity="warning">{t('shownOnce')}</Alert>
      <CopyField label={t('endpoint')} value={credentials.endpoint} />
      <CopyField label={t('clientId')} value={credentials.client_id} />
      <CopyField label={t('topic')} value={credentials.topic} />
      <CopyField label={t('certificate')} value={credentials.certificate_pem} multiline />
      <CopyField label={t('privateKey')} value={credentials.private_key} multiline />
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() => download(`${thingName}.cert.pem`, credentials.certificate_pem)}
        >
          {t('downloadCertificate')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() => download(`${thingName}.private.key`, credentials.private_key)}
        >
          {t('downloadKey')}
        </Button>
      </Stack>
    </Stack>
  );
}
