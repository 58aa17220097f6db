import {
  type AreaNowResult,
  type AreaSearchResult,
  type AreaShape,
  areaShapeSchema,
} from '@shared/schemas/area-search';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../api/apiClient';

/**
 * The area search's requests and its state in the URL (?area=<JSON>&from=&to=&mode=now&asset=<id>), so a result
 * can be shared and reloaded: the area as the API takes it, coordinates to 6 decimals (~0.1 m).
 */
export type SearchMode = 'window' | 'now';

export interface AreaSearchState {
  area: AreaShape | null;
  mode: SearchMode;
  /** ISO instants; the window of a search. */
  from: string;
  to: string;
  /** The asset whose evidence the map shows. */
  asset: number | null;
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** The area with its coordinates rounded, so the URL stays short and the same area reads back the same. */
export function roundedArea(area: AreaShape): AreaShape {
  switch (area.type) {
    case 'Rectangle':
      return { ...area, bbox: area.bbox.map(round6) as [number, number, number, number] };
    case 'Circle':
      return { ...area, center: [round6(area.center[0]), round6(area.center[1])], radius: Math.round(area.radius) };
    case 'Polygon':
      return {
        type: 'Polygon',
        coordinates: area.coordinates.map((ring) => ring.map(([x, y]) => [round6(x), round6(y)])),
      };
    default:
      return area;
  }
}

/** The URL's area, or null when it is absent or not an area (an edited link): the screen then asks for one. */
export function areaOfParam(value: string | null): AreaShape | null {
  if (!value) return null;
  try {
    const parsed = areaShapeSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const HOUR = 3_600_000;
const validInstant = (value: string | null) => (value && !Number.isNaN(Date.parse(value)) ? value : null);

/** The window defaults to the last 24 hours up to now (the minute the screen opened). */
export function stateOfParams(params: URLSearchParams, now: Date): AreaSearchState {
  const to = validInstant(params.get('to')) ?? new Date(Math.floor(now.getTime() / 60_000) * 60_000).toISOString();
  const from = validInstant(params.get('from')) ?? new Date(Date.parse(to) - 24 * HOUR).toISOString();
  const asset = /^\d+$/.test(params.get('asset') ?? '') ? Number(params.get('asset')) : null;
  return {
    area: areaOfParam(params.get('area')),
    mode: params.get('mode') === 'now' ? 'now' : 'window',
    from,
    to,
    asset,
  };
}

export function paramsOfState(state: AreaSearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.area) params.set('area', JSON.stringify(roundedArea(state.area)));
  if (state.mode === 'now') params.set('mode', 'now');
  else {
    params.set('from', state.from);
    params.set('to', state.to);
  }
  if (state.asset !== null) params.set('asset', String(state.asset));
  return params;
}

export const areaSearchQuery = (area: AreaShape | null, from: string, to: string) =>
  queryOptions({
    queryKey: ['area-search', area, from, to],
    enabled: area !== null,
    queryFn: ({ signal }) => api.post<AreaSearchResult>('/api/area-search', { area, from, to }, { signal }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export const areaNowQuery = (area: AreaShape | null) =>
  queryOptions({
    queryKey: ['area-search', 'now', area],
    enabled: area !== null,
    queryFn: ({ signal }) => api.post<AreaNowResult>('/api/area-search/now', { area }, { signal }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
