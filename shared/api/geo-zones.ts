import type { RouteContract } from '../route-contracts';
import { geoZoneInputSchema, geoZoneSchema, geoZoneUpdateInputSchema } from '../schemas/geo-zone';
import { geoZoneFeatureCollectionSchema, geoZoneImportSchema } from '../schemas/geo-zone-geojson';
import {
  stockAssetSchema,
  stockAssetsQuerySchema,
  stockLimitsInputSchema,
  stockTableSchema,
  zoneStockSchema,
} from '../schemas/zone-stock';
import { noClients, type RouteDef, staffOnly } from './route-def';

/** Geo zones, alarm rules and zone stock (functions/http/geo-zones.ts). */
export const GEO_ZONES_ROUTES = [
  // spec 000: geo zones and alarm rules
  {
    id: 'geoZones.list',
    method: 'GET',
    path: '/api/geo-zones',
    access: noClients('VIEW_ASSET_MAP'),
    handler: 'geo-zones',
  },
  // Beyond the spec: GeoJSON export and import; writes are refused to client users on the server.
  {
    id: 'geoZones.export',
    method: 'GET',
    path: '/api/geo-zones/export',
    access: noClients('VIEW_ASSET_MAP'),
    handler: 'geo-zones',
  },
  {
    id: 'geoZones.import',
    method: 'POST',
    path: '/api/geo-zones/import',
    access: staffOnly('VIEW_ASSET_MAP'),
    handler: 'geo-zones',
  },
  {
    id: 'geoZones.get',
    method: 'GET',
    path: '/api/geo-zones/{id}',
    access: noClients('VIEW_ASSET_MAP'),
    handler: 'geo-zones',
  },
  {
    id: 'geoZones.create',
    method: 'POST',
    path: '/api/geo-zones',
    access: staffOnly('VIEW_ASSET_MAP'),
    handler: 'geo-zones',
  },
  {
    id: 'geoZones.update',
    method: 'PUT',
    path: '/api/geo-zones/{id}',
    access: staffOnly('VIEW_ASSET_MAP'),
    handler: 'geo-zones',
  },
  {
    id: 'geoZones.delete',
    method: 'DELETE',
    path: '/api/geo-zones/{id}',
    access: staffOnly('VIEW_ASSET_MAP'),
    handler: 'geo-zones',
  },
  // Stock per zone (staff only: functions/lib/zone-stock/stock-routes.ts)
  { id: 'stock.table', method: 'GET', path: '/api/stock', access: staffOnly('VIEW_ASSET_MAP'), handler: 'geo-zones' },
  {
    id: 'stock.zone',
    method: 'GET',
    path: '/api/geo-zones/{id}/stock',
    access: staffOnly('VIEW_ASSET_MAP'),
    handler: 'geo-zones',
  },
  {
    id: 'stock.assets',
    method: 'GET',
    path: '/api/geo-zones/{id}/stock/assets',
    access: staffOnly('VIEW_ASSET_MAP'),
    handler: 'geo-zones',
  },
  {
    id: 'stock.saveLimits',
    method: 'PUT',
    path: '/api/geo-zones/{id}/stock-limits',
    access: staffOnly('VIEW_ASSET_MAP'),
    handler: 'geo-zones',
  },
] as const satisfies readonly RouteDef[];

export const GEO_ZONES_CONTRACTS = {
  'geoZones.list': { summary: 'List geo zones', collection: geoZoneSchema },
  'geoZones.export': {
    summary: 'Geo zones as a GeoJSON FeatureCollection',
    response: geoZoneFeatureCollectionSchema,
    mediaType: 'application/geo+json',
  },
  'geoZones.import': {
    summary: 'Import geo zones from GeoJSON',
    body: geoZoneImportSchema,
    collection: geoZoneSchema,
    status: 201,
  },
  'geoZones.get': { summary: 'Get a geo zone', response: geoZoneSchema },
  'geoZones.create': { summary: 'Create a geo zone', body: geoZoneInputSchema, response: geoZoneSchema, status: 201 },
  'geoZones.update': { summary: 'Update a geo zone', body: geoZoneUpdateInputSchema, response: geoZoneSchema },
  'geoZones.delete': { summary: 'Delete a geo zone', errors: [422] },
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
} as const satisfies Record<(typeof GEO_ZONES_ROUTES)[number]['id'], RouteContract>;
