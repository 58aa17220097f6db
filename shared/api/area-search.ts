import type { RouteContract } from '../route-contracts';
import {
  areaNowBodySchema,
  areaNowResultSchema,
  areaSearchBodySchema,
  areaSearchResultSchema,
} from '../schemas/area-search';
import { any, type RouteDef } from './route-def';

/**
 * The area search (functions/http/area-search.ts): which assets had a fix inside an area in a window, read from
 * the located events' geohash cells, and which are inside it now, from the asset map's index. Positions only, as
 * the map shows them: a client user may search, and finds their own customer's assets only (the handler's scope);
 * geo zones are not theirs, so they draw their area.
 */
export const AREA_SEARCH_ROUTES = [
  {
    id: 'areaSearch.search',
    method: 'POST',
    path: '/api/area-search',
    access: any('VIEW_ASSET_MAP'),
    handler: 'area-search',
  },
  {
    id: 'areaSearch.now',
    method: 'POST',
    path: '/api/area-search/now',
    access: any('VIEW_ASSET_MAP'),
    handler: 'area-search',
  },
] as const satisfies readonly RouteDef[];

export const AREA_SEARCH_CONTRACTS = {
  'areaSearch.search': {
    summary:
      'Assets with a fix inside an area (rectangle, circle, polygon or geo zone) between two times: first and ' +
      'last fix inside, fixes as evidence, items read',
    body: areaSearchBodySchema,
    response: areaSearchResultSchema,
  },
  'areaSearch.now': {
    summary: 'Assets whose current position is inside an area (rectangle, circle, polygon or geo zone)',
    body: areaNowBodySchema,
    response: areaNowResultSchema,
  },
} as const satisfies Record<(typeof AREA_SEARCH_ROUTES)[number]['id'], RouteContract>;
