import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../common/pageHandle';
import { useSession } from '../session/useSession';
import { CameraPreview, OutcomeNotice } from './CameraPreview';
import { LinkTagPanel } from './LinkTagPanel';
import { ScannedAsset } from './ScannedAsset';
import { useCameraScanner } from './useCameraScanner';
import { type ScanOutcome, useScanResolver } from './useScanResolver';

type Mode = 'open' | 'link';

/**
 * The phone's scan screen (docs/decisions/0329): the back camera reads a label's QR or Code 128 code and opens
 * the asset (its report and depot actions below), or, to link a tag, reads the asset's code and then the tag's.
 */
export default function ScanPage() {
  const { t } = useTranslation('scan');
  const title = usePageTitle();
  const { hasAny } = useSession();
  const staff = !hasAny(['ROLE_CLIENT', 'ROLE_TRANSPORTER']);
  // Linking a tag is the asset's update after a device read: staff who edit assets and read devices.
  const mayLink = staff && hasAny(['ASSET_EDIT']) && hasAny(['DEVICE_READ']);
  const [mode, setMode] = useState<Mode>('open');
  const [outcome, setOutcome] = useState<ScanOutcome | null>(null);
  const [linkAsset, setLinkAsset] = useState<ScanOutcome | null>(null);
  const resolve = useScanResolver();
  const video = useRef<HTMLVideoElement | null>(null);

  // The preview stays while a code is looked up; the camera is read only while nothing is shown.
  const reading = outcome === null || outcome.kind === 'busy';
  // In link mode the first find is the asset, kept while the scan goes on for the tag.
  const linkStep = mode === 'link' && linkAsset?.kind === 'asset' ? 'tag' : 'asset';
  const onCode = useCallback(
    (text: string) => {
      setOutcome({ kind: 'busy' });
      void resolve(text, linkStep === 'tag' ? 'tag' : 'asset').then((found) => {
        if (mode === 'link' && linkStep === 'asset' && found.kind === 'asset') {
          setLinkAsset(found);
          setOutcome(null);
        } else setOutcome(found);
      });
    },
    [resolve, mode, linkStep],
  );
  const camera = useCameraScanner(video, outcome === null, onCode);

  const restart = () => {
    setOutcome(null);
    setLinkAsset(null);
  };
  const changeMode = (next: Mode | null) => {
    if (!next) return;
    setMode(next);
    restart();
  };

  return (
    <Stack spacing={2} data-testid="scan-screen" data-camera={camera.state} data-decoder={camera.decoder ?? ''}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {mayLink && (
        <ToggleButtonGroup exclusive size="small" value={mode} onChange={(_, next) => changeMode(next)}>
          <ToggleButton value="open">{t('mode.open')}</ToggleButton>
          <ToggleButton value="link">{t('mode.link')}</ToggleButton>
        </ToggleButtonGroup>
      )}
      <Typography color="text.secondary">
        {mode === 'open' ? t('hint.open') : linkStep === 'asset' ? t('hint.linkAsset') : t('hint.linkTag')}
      </Typography>
      <CameraPreview video={video} state={camera.state} shown={reading} />
      <OutcomeNotice outcome={outcome} />
      {mode === 'open' && outcome?.kind === 'asset' && <ScannedAsset asset={outcome.asset} />}
      {mode === 'link' && linkAsset?.kind === 'asset' && (
        <LinkTagPanel asset={linkAsset.asset} scanned={outcome} onDone={restart} />
      )}
      {(outcome !== null && outcome.kind !== 'busy') || linkAsset ? (
        <Button variant="outlined" onClick={restart}>
          {t('scanAgain')}
        </Button>
      ) : null}
    </Stack>
  );
}
