import Box from '@mui/material/Box';
import type { MapLevel } from '@shared/schemas/map-level';
import { LEVEL_COLORS } from './mapLevels';

/** A marker-like ring in the level's colour (as drawn on the map), for the legend and the asset list. */
export function LevelDot({ level }: { level: MapLevel }) {
  const none = level === 'none';
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        display: 'inline-block',
        width: 14,
        height: 14,
        borderRadius: '50%',
        border: none ? 1 : 3,
        borderColor: none ? 'grey.500' : LEVEL_COLORS[level],
        bgcolor: '#1976d2',
        flex: 'none',
      }}
    />
  );
}
