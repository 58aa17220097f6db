import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { GatewayCredentials } from '@shared/schemas/gateway';
import { useTranslation } from 'react-i18next';
import { SecretShownOnce } from '../common/secret/SecretShownOnce';

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
    <SecretShownOnce
      testId="gateway-credentials"
      hint={t('shownOnce')}
      secrets={[
        { label: t('endpoint'), value: credentials.endpoint },
        { label: t('clientId'), value: credentials.client_id },
        { label: t('topic'), value: credentials.topic },
        { label: t('certificate'), value: credentials.certificate_pem, multiline: true },
        { label: t('privateKey'), value: credentials.private_key, multiline: true },
      ]}
    >
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
    </SecretShownOnce>
  );
}
