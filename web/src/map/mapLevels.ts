import { MAP_LEVELS, type MapLevel } from '../../../shared/schemas/map-level';

/**
 * How map status levels look (shared/schemas/map-level.ts), the same on the asset map's markers, its legend
 * and the asset list: a coloured ring around the status-coloured marker, red to near-black by severity.
 */
export const LEVEL_COLORS: Record<MapLevel, string> = {
  critical: '#c62828',
  major: '#ef6c00',
  minor: '#f9a825',
  warning: '#263238',
  none: '#ffffff',
};

/**
 * Severity rank for MapLibre: 1 critical ... 4 warning, 5 none, so a cluster's worst level is the minimum of
 * its markers' ranks (clusterProperties).
 */
export const levelRank = (code: number): number => (code > 0 && code < MAP_LEVELS.length ? code : 5);
export const levelOfRank = (rank: number): MapLevel => (rank >= 1 && rank <= 4 ? MAP_LEVELS[rank] : 'none') ?? 'none';

/** MapLibre expression: the ring colour of a feature (or cluster) by its `rank` property. */
export const levelColorExpression = [
  'match',
  ['get', 'rank'],
  1,
  LEVEL_COLORS.critical,
  2,
  LEVEL_COLORS.major,
  3,
  LEVEL_COLORS.minor,
  4,
  LEVEL_COLORS.warning,
  LEVEL_COLORS.none,
];

/** A ring that shows: 3 px for a level, the plain 2 px white edge for none. */
export const levelWidthExpression = ['case', ['<', ['get', 'rank'], 5], 3.5, 2];
