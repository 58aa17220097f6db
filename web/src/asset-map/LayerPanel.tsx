import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LayerControl } from '../map/LayerControl';
import type { BaseLayerId, OverlayId } from '../map/layers';
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
 * The asset map's layer switcher: the console's LayerControl (the asset panel's map has the same one) plus the
 * zones as a list, since their names are otherwise only drawn on the canvas, which screen readers cannot read.
 */
export function LayerPanel({ zones, onZone, ...layers }: LayerPanelProps) {
  const { t } = useTranslation('assetMap');
  return (
    <LayerControl {...layers}>
      {(close) =>
        zones && (
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
                      close();
                      onZone(zone.id);
                    }}
                  >
                    <ListItemText primary={zone.name || t('zones.unnamed', { id: zone.id })} />
                  </ListItemButton>
                ))}
              </List>
            )}
          </>
        )
      }
    </LayerControl>
  );
}
