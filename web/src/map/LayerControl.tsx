import LayersIcon from '@mui/icons-material/Layers';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Popover from '@mui/material/Popover';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStoredState } from '../common/useStoredState';
import { BASE_LAYER_IDS, type BaseLayerId, OVERLAY_IDS, type OverlayId } from './layers';

export interface LayerControlProps {
  base: BaseLayerId;
  overlays: readonly OverlayId[];
  onBase(base: BaseLayerId): void;
  onOverlays(overlays: OverlayId[]): void;
  /** More sections under the overlays (the asset map's zone list); `close` closes the popover. */
  children?: (close: () => void) => ReactNode;
}

/**
 * The layer switcher of every console map (spec 000 "/asset-map and the map view": the same base layers and
 * overlays on both): a button that opens the base layer choice and the overlay checkboxes, so phones keep the
 * map. The strings are the asset map's, where the spec names them.
 */
export function LayerControl({ base, overlays, onBase, onOverlays, children }: LayerControlProps) {
  const { t } = useTranslation('assetMap');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const headingId = useId();
  const toggle = (id: OverlayId, on: boolean) =>
    onOverlays(on ? [...overlays, id] : overlays.filter((overlay) => overlay !== id));
  return (
    <>
      <Paper elevation={2}>
        <Tooltip title={t('layers.title')}>
          <IconButton aria-label={t('layers.title')} onClick={(event) => setAnchor(event.currentTarget)}>
            <LayersIcon />
          </IconButton>
        </Tooltip>
      </Paper>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { sx: { p: 2, width: 300, maxWidth: 'calc(100vw - 32px)', maxHeight: '75vh' } } }}
      >
        <Typography variant="subtitle2" id={headingId}>
          {t('layers.base')}
        </Typography>
        <RadioGroup aria-labelledby={headingId} value={base} onChange={(_, value) => onBase(value as BaseLayerId)}>
          {BASE_LAYER_IDS.map((id) => (
            <FormControlLabel key={id} value={id} control={<Radio size="small" />} label={t(`layers.bases.${id}`)} />
          ))}
        </RadioGroup>
        <Divider sx={{ my: 1 }} />
        <Typography variant="subtitle2">{t('layers.overlays')}</Typography>
        {OVERLAY_IDS.map((id) => (
          <FormControlLabel
            key={id}
            sx={{ display: 'flex' }}
            control={<Checkbox size="small" checked={overlays.includes(id)} onChange={(_, on) => toggle(id, on)} />}
            label={t(`layers.overlayNames.${id}`)}
          />
        ))}
        {children?.(() => setAnchor(null))}
      </Popover>
    </>
  );
}

/** The chosen base layer and overlays, remembered per browser and shared by every console map. */
export function useMapLayers() {
  const [base, setBase] = useStoredState<BaseLayerId>('assetMapBase', 'map');
  const [overlays, setOverlays] = useStoredState<OverlayId[]>('assetMapOverlays', []);
  return { base, overlays, setBase, setOverlays };
}
