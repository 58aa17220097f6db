import LayersIcon from '@mui/icons-material/Layers';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Popover from '@mui/material/Popover';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BASE_LAYER_IDS, type BaseLayerId, OVERLAY_IDS, type OverlayId } from '../map/layers';
import type { MapGeoZone } from './assetMapApi';

export interface LayerPanelProps {
  base: BaseLayerId;
  overlays: readonly OverlayId[];
  /** Undefined: the user sees no zones at all (client users), so the panel has no zone section. */
  zones: readonly MapGeoZone[] | undefined;
  onBase(base: BaseLayerId): void;
  onOverlays(overlays: OverlayId[]): void;
  onZone(id: number): void;
}

/**
 * The layer switcher: base layer, overlays, and the zones as a list (their names are otherwise only drawn
 * on the canvas, which screen readers cannot read). Opens from one button so phones keep the map.
 */
export function LayerPanel({ base, overlays, zones, onBase, onOverlays, onZone }: LayerPanelProps) {
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
        {zones && (
          <>
            <Divider sx={{ my: 1 }} />
            <Typography variant="subtitle2">{t('zones.title')}</Typography>
            {zones.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t('zones.none')}
              </Typography>
            ) : (
              <List dense aria-label={t('zones.title')} disablePadding>
                {zones.map((zone) => (
                  <ListItemButton
                    key={zone.id}
                    onClick={() => {
                      setAnchor(null);
                      onZone(zone.id);
                    }}
                  >
                    <ListItemText primary={zone.name || t('zones.unnamed', { id: zone.id })} />
                  </ListItemButton>
                ))}
              </List>
            )}
          </>
        )}
      </Popover>
    </>
  );
}
