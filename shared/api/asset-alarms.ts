import { z } from 'zod';
import type { RouteContract } from '../route-contracts';
import {
  alarmAssigneeSchema,
  alarmAssignInputSchema,
  alarmInboxFilterSchema,
  alarmStepInputSchema,
} from '../schemas/alarm-handling';
import { alarmInboxEntrySchema } from '../schemas/alarm-inbox';
import { assetAlarmIdSchema, assetAlarmSchema } from '../schemas/asset-alarm';
import { idParamSchema, paginationQuerySchema } from '../schemas/common';
import { any, noClients, type RouteDef, staffOnly } from './route-def';

/**
 * The alarms sent for an asset and their handling (functions/http/asset-alarms.ts): whoever sees the asset
 * acknowledges and resolves its alarms; staff assign them to a staff user (or take them).
 */
export const ASSET_ALARMS_ROUTES = [
  // The alarms sent for an asset, acknowledged and resolved by whoever sees the asset
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
  {
    id: 'assetAlarms.resolve',
    method: 'PUT',
    path: '/api/assets/{id}/alarms/{alarmId}/resolve',
    access: any('ASSET_READ'),
    handler: 'asset-alarms',
  },
  {
    id: 'assetAlarms.assign',
    method: 'PUT',
    path: '/api/assets/{id}/alarms/{alarmId}/assign',
    access: staffOnly('ASSET_READ'),
    handler: 'asset-alarms',
  },
  // The unresolved alarms of the caller's scope (staff: the tenant's; client users: their customer's)
  {
    id: 'alarmInbox.list',
    method: 'GET',
    path: '/api/alarm-inbox',
    access: any('ASSET_READ'),
    handler: 'asset-alarms',
  },
  // Who an alarm can be assigned to: the tenant's active staff users
  {
    id: 'alarmInbox.assignees',
    method: 'GET',
    path: '/api/alarm-inbox/assignees',
    access: staffOnly('ASSET_READ'),
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
    id: 'deviceAlarms.resolve',
    method: 'PUT',
    path: '/api/devices/{id}/alarms/{alarmId}/resolve',
    access: noClients('ASSET_READ'),
    handler: 'asset-alarms',
  },
  {
    id: 'deviceAlarms.assign',
    method: 'PUT',
    path: '/api/devices/{id}/alarms/{alarmId}/assign',
    access: staffOnly('ASSET_READ'),
    handler: 'asset-alarms',
  },
  {
    id: 'zoneAlarms.acknowledge',
    method: 'PUT',
    path: '/api/geo-zones/{id}/alarms/{alarmId}/acknowledge',
    access: staffOnly('ALARM_READ'),
    handler: 'asset-alarms',
  },
  {
    id: 'zoneAlarms.resolve',
    method: 'PUT',
    path: '/api/geo-zones/{id}/alarms/{alarmId}/resolve',
    access: staffOnly('ALARM_READ'),
    handler: 'asset-alarms',
  },
  {
    id: 'zoneAlarms.assign',
    method: 'PUT',
    path: '/api/geo-zones/{id}/alarms/{alarmId}/assign',
    access: staffOnly('ALARM_READ'),
    handler: 'asset-alarms',
  },
] as const satisfies readonly RouteDef[];

const alarmParams = z.object({ id: idParamSchema, alarmId: assetAlarmIdSchema });
/** A step of an alarm's life: the alarm as it is after it; 409 when its state refuses the step. */
const step = (summary: string, body: z.ZodType) =>
  ({ summary, params: alarmParams, body, response: assetAlarmSchema, errors: [409], ifMatch: true }) as const;

export const ASSET_ALARMS_CONTRACTS = {
  'assetAlarms.list': {
    summary: 'Alarms sent for an asset',
    query: paginationQuerySchema,
    collection: assetAlarmSchema,
  },
  'assetAlarms.acknowledge': step('Acknowledge an alarm of an asset, with an optional comment', alarmStepInputSchema),
  'assetAlarms.resolve': step('Resolve an alarm of an asset, with an optional comment', alarmStepInputSchema),
  'assetAlarms.assign': step('Assign an alarm of an asset to a staff user (or nobody)', alarmAssignInputSchema),
  'alarmInbox.list': {
    summary: "Unresolved alarms of the caller's scope, newest first, by state and owner (the total stops at 1,000)",
    query: paginationQuerySchema.extend(alarmInboxFilterSchema.shape),
    collection: alarmInboxEntrySchema,
  },
  'alarmInbox.assignees': {
    summary: "The tenant's active staff users, who alarms can be assigned to",
    collection: alarmAssigneeSchema,
  },
  'deviceAlarms.acknowledge': step('Acknowledge an alarm of a tag linked to no asset', alarmStepInputSchema),
  'deviceAlarms.resolve': step('Resolve an alarm of a tag linked to no asset', alarmStepInputSchema),
  'deviceAlarms.assign': step('Assign an alarm of a tag linked to no asset', alarmAssignInputSchema),
  'zoneAlarms.acknowledge': step('Acknowledge a zone stock alarm (types 4/5)', alarmStepInputSchema),
  'zoneAlarms.resolve': step('Resolve a zone stock alarm (types 4/5)', alarmStepInputSchema),
  'zoneAlarms.assign': step('Assign a zone stock alarm (types 4/5)', alarmAssignInputSchema),
} as const satisfies Record<(typeof ASSET_ALARMS_ROUTES)[number]['id'], RouteContract>;
