import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { MAP_LEVELS_BY_SEVERITY, type MapLevel, mapLevelOfCode } from '@shared/schemas/map-level';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LevelDot } from '../map/LevelDot';
import type { MapMarker } from './mapTypes';

/** How many of the loaded markers have each level. */
export function levelCounts(markers: readonly MapMarker[]): Record<MapLevel, number> {
  const counts: Record<MapLevel, number> = { none: 0, critical: 0, major: 0, minor: 0, warning: 0 };
  for (const marker of markers) counts[mapLevelOfCode(marker[6])] += 1;
  return counts;
}

/**
 * The legend of the map status levels (spec 000 s.1): each level's ring colour as the markers and clusters
 * draw it, what it stands for, and how many assets have it. A list, so screen readers get what the canvas
 * shows only in colour.
 */
export function MapLegend({ markers }: { markers: readonly MapMarker[] }) {
  const { t } = useTranslation('assetMap');
  const { t: ta } = useTranslation('assets');
  const headingId = useId();
  const counts = useMemo(() => levelCounts(markers), [markers]);
  return (
    <Paper
      elevation={2}
      component="section"
      aria-labelledby={headingId}
      data-testid="map-legend"
      sx={{ px: 1.5, py: 1, maxWidth: { xs: 170, sm: 260 } }}
    >
      <Typography variant="caption" component="h2" id={headingId} sx={{ fontWeight: 600, display: 'block' }}>
        {t('legend.title')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {MAP_LEVELS_BY_SEVERITY.map((level) => (
          <Box
            component="li"
            key={level}
            data-level={level}
            data-count={counts[level]}
            sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.25 }}
          >
            <LevelDot level={level} />
            <Typography variant="caption" sx={{ flex: 1, lineHeight: 1.3 }}>
              {ta(`levels.${level}`)}
              <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' }, color: 'text.secondary' }}>
                {` · ${ta(`levelReasons.${level}`)}`}
              </Box>
            </Typography>
            <Typography variant="caption" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {counts[level]}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
