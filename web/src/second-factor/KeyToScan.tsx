import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SecondFactorSetup } from '@shared/schemas/second-factor';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';

/** The new key as a QR code an authenticator app scans, and as text for an app that cannot scan. */
export function KeyToScan({ setup }: { setup: SecondFactorSetup }) {
  const { t } = useTranslation('secondFactor');
  const grouped = setup.secret.match(/.{1,4}/g)?.join(' ') ?? setup.secret;
  return (
    <Box sx={{ my: 2 }}>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('scan')}
      </Typography>
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 2, bgcolor: '#fff', borderRadius: 1 }}>
        <QRCodeSVG
          value={setup.otpauth_uri}
          size={176}
          marginSize={2}
          title={t('qrTitle')}
          data-testid="second-factor-qr"
        />
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }}>
        {t('keyLabel')}
      </Typography>
      <Typography data-testid="second-factor-key" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
        {grouped}
      </Typography>
    </Box>
  );
}
