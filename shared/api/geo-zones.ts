import type { RouteContract } from '../route-contracts';
import { geoZoneInputSchema, geoZoneSchema, geoZoneUpdateInputSchema } from '../schemas/geo-zone';
import { geoZoneFeatureCollectionSchema, geoZoneImportSchema } from '../schemas/geo-zone-geojson';
import { noClients, type RouteDef, staffOnly } from './route-def';

/** Geo zones (functions/http/geo-zones.ts); their stock is the zone-stock module's (shared/api/zone-stock.ts). */
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
} as const satisfies Record<(typeof GEO_ZONES_ROUTES)[number]['id'], RouteContract>;
