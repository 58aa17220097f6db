import ContentCopy from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../common/notifications/notificationStore';

/** The recovery codes, shown once, right after the factor was turned on. */
export function RecoveryCodesView({ codes }: { codes: string[] }) {
  const { t } = useTranslation('secondFactor');
  const copy = async () => {
    await navigator.clipboard.writeText(codes.join('\n'));
    notifySuccess(t('codesCopied'));
  };
  return (
    <Box>
      <Alert severity="warning" sx={{ mb: 2 }}>
        {t('codesIntro')}
      </Alert>
      <Box
        component="ul"
        aria-label={t('codesTitle')}
        sx={{
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
      <Button startIcon={<ContentCopy />} onClick={copy} sx={{ mt: 2 }}>
        {t('copyCodes')}
      </Button>
    </Box>
  );
}
