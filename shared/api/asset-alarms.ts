import { z } from 'zod';
import type { RouteContract } from '../route-contracts';
import { alarmInboxEntrySchema } from '../schemas/alarm-inbox';
import { assetAlarmIdSchema, assetAlarmSchema } from '../schemas/asset-alarm';
import { idParamSchema, paginationQuerySchema } from '../schemas/common';
import { any, noClients, type RouteDef, staffOnly } from './route-def';

/** The alarms sent for an asset, acknowledged by whoever sees the asset (functions/http/asset-alarms.ts). */
export const ASSET_ALARMS_ROUTES = [
  // The alarms sent for an asset, acknowledged by whoever sees the asset
  {
    id: 'assetAlarms.list',
    method: 'GET',
    path: '/api/assets/{id}/alarms',
    access: any('ASSET_READ'),
    handler: 'asset-alarms',
  },
  {
    id: 'assetAlarms.acknowledge',
    method: 'PUT',
    path: '/api/assets/{id}/alarms/{alarmId}/acknowledge',
    access: any('ASSET_READ'),
    handler: 'asset-alarms',
  },
  // The open alarms of the caller's scope (staff: the tenant's; client users: their customer's)
  {
    id: 'alarmInbox.list',
    method: 'GET',
    path: '/api/alarm-inbox',
    access: any('ASSET_READ'),
    handler: 'asset-alarms',
  },
  {
    id: 'deviceAlarms.acknowledge',
    method: 'PUT',
    path: '/api/devices/{id}/alarms/{alarmId}/acknowledge',
    access: noClients('ASSET_READ'),
    handler: 'asset-alarms',
  },
  {
    id: 'zoneAlarms.acknowledge',
    method: 'PUT',
    path: '/api/geo-zones/{id}/alarms/{alarmId}/acknowledge',
    access: staffOnly('ALARM_READ'),
    handler: 'asset-alarms',
  },
] as const satisfies readonly RouteDef[];

export const ASSET_ALARMS_CONTRACTS = {
  'assetAlarms.list': {
    summary: 'Alarms sent for an asset',
    query: paginationQuerySchema,
    collection: assetAlarmSchema,
  },
  'assetAlarms.acknowledge': {
    summary: 'Acknowledge an alarm of an asset',
    params: z.object({ id: idParamSchema, alarmId: assetAlarmIdSchema }),
    response: assetAlarmSchema,
    errors: [409],
  },
  'alarmInbox.list': {
    summary: "Open alarms of the caller's scope, newest first (the total stops at 1,000)",
    query: paginationQuerySchema,
    collection: alarmInboxEntrySchema,
  },
  'deviceAlarms.acknowledge': {
    summary: 'Acknowledge an alarm of a tag linked to no asset (staff only)',
    params: z.object({ id: idParamSchema, alarmId: assetAlarmIdSchema }),
    response: assetAlarmSchema,
    errors: [409],
  },
  'zoneAlarms.acknowledge': {
    summary: 'Acknowledge a zone stock alarm (types 4/5; staff only)',
    params: z.object({ id: idParamSchema, alarmId: assetAlarmIdSchema }),
    response: assetAlarmSchema,
    errors: [409],
  },
} as const satisfies Record<(typeof ASSET_ALARMS_ROUTES)[number]['id'], RouteContract>;
