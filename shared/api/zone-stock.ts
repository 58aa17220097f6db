import type { RouteContract } from '../route-contracts';
import {
  stockAssetSchema,
  stockAssetsQuerySchema,
  stockLimitsInputSchema,
  stockTableSchema,
  zoneStockSchema,
} from '../schemas/zone-stock';
import { type RouteDef, staffOnly } from './route-def';

/**
 * Stock per zone (functions/http/zone-stock.ts). Staff only, whatever the role matrix says: zones are hidden from
 * client users, the stock of a depot tells of other customers' assets, and a transporter does not plan stock.
 * The route ids keep the user's word `stock`, as the screen's address /stock does.
 */
export const ZONE_STOCK_ROUTES = [
  { id: 'stock.table', method: 'GET', path: '/api/stock', access: staffOnly('VIEW_ASSET_MAP'), handler: 'zone-stock' },
  {
    id: 'stock.zone',
    method: 'GET',
    path: '/api/geo-zones/{id}/stock',
    access: staffOnly('VIEW_ASSET_MAP'),
    handler: 'zone-stock',
  },
  {
    id: 'stock.assets',
    method: 'GET',
    path: '/api/geo-zones/{id}/stock/assets',
    access: staffOnly('VIEW_ASSET_MAP'),
    handler: 'zone-stock',
  },
  {
    id: 'stock.saveLimits',
    method: 'PUT',
    path: '/api/geo-zones/{id}/stock-limits',
    access: staffOnly('VIEW_ASSET_MAP'),
    handler: 'zone-stock',
  },
] as const satisfies readonly RouteDef[];

export const ZONE_STOCK_CONTRACTS = {
  'stock.table': {
    summary: 'Stock per zone: zones x asset profiles, the assets inside now (staff only)',
    response: stockTableSchema,
  },
  'stock.zone': {
    summary: "A zone's stock: assets inside now by profile, cable type and status, and its limits (staff only)",
    response: zoneStockSchema,
  },
  'stock.assets': {
    summary: "The assets inside a zone now, longest there first; profile narrows to one profile's (staff only)",
    query: stockAssetsQuerySchema,
    collection: stockAssetSchema,
  },
  'stock.saveLimits': {
    summary: "Save a zone's minimum and maximum per asset profile (alarm types 4/5; staff only)",
    body: stockLimitsInputSchema,
    response: zoneStockSchema,
    errors: [409],
  },
} as const satisfies Record<(typeof ZONE_STOCK_ROUTES)[number]['id'], RouteContract>;
