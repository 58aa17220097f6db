import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { CameraState } from './useCameraScanner';
import type { ScanOutcome } from './useScanResolver';

/** The camera's picture (hidden while a find is shown), or why there is none. */
export function CameraPreview(props: {
  video: RefObject<HTMLVideoElement | null>;
  state: CameraState;
  shown: boolean;
}) {
  const { video, state, shown } = props;
  const { t } = useTranslation('scan');
  return (
    <>
      {state === 'denied' && <Alert severity="warning">{t('camera.denied')}</Alert>}
      {state === 'unavailable' && <Alert severity="warning">{t('camera.unavailable')}</Alert>}
      <Box
        sx={{
          display: shown ? 'block' : 'none',
          position: 'relative',
          width: '100%',
          maxWidth: 480,
          aspectRatio: '4 / 3',
          bgcolor: 'grey.900',
          borderRadius: 1,
          overflow: 'hidden',
        }}
      >
        <video
          ref={video}
          muted
          playsInline
          aria-label={t('camera.preview')}
          style={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
      </Box>
    </>
  );
}

/** What a scan found when it is not an asset to show: looking it up, nothing, a tag without asset, an error. */
export function OutcomeNotice({ outcome }: { outcome: ScanOutcome | null }) {
  const { t } = useTranslation('scan');
  switch (outcome?.kind) {
    case 'busy':
      return <Typography>{t('reading')}</Typography>;
    case 'none':
      return (
        <Alert severity="info" data-testid="scan-nothing">
          {t('notFound', { text: outcome.text })}
        </Alert>
      );
    case 'unlinked':
      return <Alert severity="info">{t('tagWithoutAsset', { devEui: outcome.device.dev_eui })}</Alert>;
    case 'error':
      return <Alert severity="error">{outcome.message}</Alert>;
    default:
      return null;
  }
}
