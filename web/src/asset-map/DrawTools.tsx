import PentagonOutlinedIcon from '@mui/icons-material/PentagonOutlined';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DrawMode } from './zoneDrawing';

/** Spec 000 s.2: users draw a circle (or a polygon) to create a geo zone. Not shown to client users. */
export function DrawTools({ mode, onMode }: { mode: DrawMode | null; onMode(mode: DrawMode | null): void }) {
  const { t } = useTranslation('assetMap');
  return (
    <>
      <Paper elevation={2}>
        <ToggleButtonGroup
          orientation="vertical"
          exclusive
          size="small"
          value={mode}
          onChange={(_, value: DrawMode | null) => onMode(value)}
          aria-label={t('draw.title')}
        >
          <Tooltip title={t('draw.circle')} placement="right">
            <ToggleButton value="circle" aria-label={t('draw.circle')}>
              <RadioButtonUncheckedIcon />
            </ToggleButton>
          </Tooltip>
          <Tooltip title={t('draw.polygon')} placement="right">
            <ToggleButton value="polygon" aria-label={t('draw.polygon')}>
              <PentagonOutlinedIcon />
            </ToggleButton>
          </Tooltip>
        </ToggleButtonGroup>
      </Paper>
      {mode && (
        <Paper elevation={2} sx={{ px: 1.5, py: 1, maxWidth: 260 }}>
          <Typography variant="body2">{t(`draw.hint.${mode}`)}</Typography>
        </Paper>
      )}
    </>
  );
}
