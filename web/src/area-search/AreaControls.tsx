import CropSquareIcon from '@mui/icons-material/CropSquare';
import PentagonOutlinedIcon from '@mui/icons-material/PentagonOutlined';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { MapGeoZone } from '../asset-map/mapTypes';
import type { AreaDrawMode } from './areaDrawing';
import type { SearchMode } from './areaSearchApi';

/** An ISO instant as the datetime-local input shows it (the user's zone) and back. */
const localInput = (iso: string) => {
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);

export interface AreaControlsProps {
  drawMode: AreaDrawMode | null;
  onDrawMode(mode: AreaDrawMode | null): void;
  /** Geo zones to pick from; absent for client users (zones are hidden from them). */
  zones?: readonly MapGeoZone[];
  zoneId: number | null;
  onZone(id: number): void;
  mode: SearchMode;
  onMode(mode: SearchMode): void;
  from: string;
  to: string;
  onWindow(from: string, to: string): void;
}

/** Where to search (draw a shape or pick a zone) and when (a window, or now). */
export function AreaControls(props: AreaControlsProps) {
  const { t } = useTranslation('areaSearch');
  const { drawMode, zones, mode, from, to } = props;
  const tools: [AreaDrawMode, typeof CropSquareIcon][] = [
    ['rectangle', CropSquareIcon],
    ['circle', RadioButtonUncheckedIcon],
    ['polygon', PentagonOutlinedIcon],
  ];
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={drawMode}
          onChange={(_, value: AreaDrawMode | null) => props.onDrawMode(value)}
          aria-label={t('draw.title')}
        >
          {tools.map(([tool, Icon]) => (
            <Tooltip key={tool} title={t(`draw.${tool}`)}>
              <ToggleButton value={tool} aria-label={t(`draw.${tool}`)} data-testid={`area-draw-${tool}`}>
                <Icon fontSize="small" />
              </ToggleButton>
            </Tooltip>
          ))}
        </ToggleButtonGroup>
        {zones && (
          <TextField
            select
            size="small"
            label={t('zone')}
            value={props.zoneId ?? ''}
            onChange={(event) => props.onZone(Number(event.target.value))}
            sx={{ minWidth: 160, flex: 1 }}
            data-testid="area-zone"
          >
            {zones.map((zone) => (
              <MenuItem key={zone.id} value={zone.id}>
                {zone.name ?? `#${zone.id}`}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
      {drawMode && <Typography variant="body2">{t(`draw.hint.${drawMode}`)}</Typography>}
      <ToggleButtonGroup
        exclusive
        size="small"
        value={mode}
        onChange={(_, value: SearchMode | null) => value && props.onMode(value)}
        aria-label={t('when')}
      >
        <ToggleButton value="window" data-testid="area-mode-window">
          {t('mode.window')}
        </ToggleButton>
        <ToggleButton value="now" data-testid="area-mode-now">
          {t('mode.now')}
        </ToggleButton>
      </ToggleButtonGroup>
      {mode === 'window' && (
        <Stack spacing={1.5}>
          <TextField
            type="datetime-local"
            size="small"
            label={t('from')}
            value={localInput(from)}
            onChange={(event) => props.onWindow(fromLocalInput(event.target.value) ?? from, to)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="datetime-local"
            size="small"
            label={t('to')}
            value={localInput(to)}
            onChange={(event) => props.onWindow(from, fromLocalInput(event.target.value) ?? to)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
      )}
    </Stack>
  );
}
