import type { RouteContract } from '../route-contracts';
import { exportQuerySchema } from '../schemas/common';
import { exportResultSchema } from '../schemas/export';
import { assetVisitListQuerySchema, zoneVisitListQuerySchema, zoneVisitSchema } from '../schemas/zone-visit';
import { noClients, type RouteDef } from './route-def';

/** Zone visits of an asset and of a zone, with exports (functions/http/zone-visits.ts). */
export const ZONE_VISITS_ROUTES = [
  // Zone visits of an asset and of a zone (staff and transporters; client users 403), with exports
  {
    id: 'zoneVisits.ofAsset',
    method: 'GET',
    path: '/api/assets/{id}/visits',
    access: noClients('ASSET_READ'),
    handler: 'zone-visits',
  },
  {
    id: 'zoneVisits.exportOfAsset',
    method: 'GET',
    path: '/api/assets/{id}/visits/export',
    access: noClients('ASSET_READ'),
    handler: 'zone-visits',
  },
  {
    id: 'zoneVisits.ofZone',
    method: 'GET',
    path: '/api/geo-zones/{id}/visits',
    access: noClients('VIEW_ASSET_MAP'),
    handler: 'zone-visits',
  },
  {
    id: 'zoneVisits.exportOfZone',
    method: 'GET',
    path: '/api/geo-zones/{id}/visits/export',
    access: noClients('VIEW_ASSET_MAP'),
    handler: 'zone-visits',
  },
] as const satisfies readonly RouteDef[];

export const ZONE_VISITS_CONTRACTS = {
  'zoneVisits.ofAsset': {
    summary: "An asset's zone visits, newest arrival first, optionally of a period (client users: 403)",
    query: assetVisitListQuerySchema,
    collection: zoneVisitSchema,
    errors: [403],
  },
  'zoneVisits.exportOfAsset': {
    summary: "Export an asset's zone visits (PDF, Excel, CSV; at most 5,000 rows)",
    query: [exportQuerySchema, assetVisitListQuerySchema],
    response: exportResultSchema,
    errors: [403],
  },
  'zoneVisits.ofZone': {
    summary:
      "A zone's visits of a period, newest arrival first, or with open=true who is there now (client users: 403)",
    query: zoneVisitListQuerySchema,
    collection: zoneVisitSchema,
    errors: [403],
  },
  'zoneVisits.exportOfZone': {
    summary: "Export a zone's visits of a period or its open visits (PDF, Excel, CSV; at most 5,000 rows)",
    query: [exportQuerySchema, zoneVisitListQuerySchema],
    response: exportResultSchema,
    errors: [403],
  },
} as const satisfies Record<(typeof ZONE_VISITS_ROUTES)[number]['id'], RouteContract>;
