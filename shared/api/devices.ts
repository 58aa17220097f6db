import type { RouteContract } from '../route-contracts';
import { bulkEditJobParamsSchema, bulkEditJobSchema, deviceBulkEditInputSchema } from '../schemas/bulk-edit';
import { exportQuerySchema } from '../schemas/common';
import {
  DEVICE_SORT_FIELDS,
  deviceCreateInputSchema,
  deviceListQuerySchema,
  deviceSchema,
  deviceUpdateInputSchema,
} from '../schemas/device';
import { exportJobSchema, exportResultSchema } from '../schemas/export';
import { ADMINS, noClients, type RouteDef, staffOnly } from './route-def';

/** Devices (tags), their events, imports and exports, and device profiles' links (functions/http/devices.ts). */
export const DEVICES_ROUTES = [
  // spec 000: devices and their events
  { id: 'devices.list', method: 'GET', path: '/api/devices', access: noClients('DEVICE_READ'), handler: 'devices' },
  {
    id: 'devices.export',
    method: 'GET',
    path: '/api/devices/export',
    access: noClients('DEVICE_READ'),
    handler: 'devices',
  },
  // The same export run in the background, as assets.exportJob.
  {
    id: 'devices.exportJob',
    method: 'POST',
    path: '/api/devices/export',
    access: noClients('DEVICE_READ'),
    handler: 'devices',
  },
  { id: 'devices.get', method: 'GET', path: '/api/devices/{id}', access: noClients('DEVICE_READ'), handler: 'devices' },
  {
    id: 'devices.create',
    method: 'POST',
    path: '/api/devices',
    access: noClients('ROLE_SUPER_ADMIN'),
    handler: 'devices',
  },
  // The same device profiles on many devices in one job (docs/decisions/0331): whoever may edit one device.
  {
    id: 'devices.bulkEdit',
    method: 'POST',
    path: '/api/devices/bulk-edit',
    access: noClients('DEVICE_EDIT'),
    handler: 'devices',
  },
  {
    id: 'devices.bulkEditJob',
    method: 'GET',
    path: '/api/devices/bulk-edit/{jobId}',
    access: noClients('DEVICE_EDIT'),
    handler: 'devices',
  },
  {
    id: 'devices.update',
    method: 'PUT',
    path: '/api/devices/{id}',
    access: noClients('DEVICE_EDIT'),
    handler: 'devices',
  },
  {
    id: 'devices.delete',
    method: 'DELETE',
    path: '/api/devices/{id}',
    access: noClients(...ADMINS),
    handler: 'devices',
  },
  {
    id: 'devices.resetSabotaged',
    method: 'POST',
    path: '/api/devices/{id}/reset-sabotaged',
    access: staffOnly('DEVICE_EDIT'),
    handler: 'devices',
  },
] as const satisfies readonly RouteDef[];

export const DEVICES_CONTRACTS = {
  'devices.bulkEdit': {
    summary: 'Set the same device profiles on many devices, as a job',
    body: deviceBulkEditInputSchema,
    response: bulkEditJobSchema,
    status: 202,
  },
  'devices.bulkEditJob': {
    summary: "Follow a bulk edit of devices: progress and each row's result",
    params: bulkEditJobParamsSchema,
    response: bulkEditJobSchema,
  },
  'devices.list': {
    summary: 'List devices',
    query: deviceListQuerySchema,
    orders: DEVICE_SORT_FIELDS,
    collection: deviceSchema,
  },
  'devices.export': {
    summary: 'Export the device list (PDF, Excel, CSV)',
    query: [exportQuerySchema, deviceListQuerySchema],
    response: exportResultSchema,
  },
  'devices.exportJob': {
    summary: 'Export the device list in the background',
    query: [exportQuerySchema, deviceListQuerySchema],
    response: exportJobSchema,
    status: 202,
  },
  'devices.get': { summary: 'Get a device', response: deviceSchema },
  'devices.create': { summary: 'Create a device', body: deviceCreateInputSchema, response: deviceSchema, status: 201 },
  'devices.update': {
    summary: 'Update a device',
    body: deviceUpdateInputSchema,
    response: deviceSchema,
    ifMatch: true,
  },
  'devices.delete': { summary: 'Delete a device', ifMatch: true },
  'devices.resetSabotaged': {
    summary: 'Clear the sabotage flag of a device',
    response: deviceSchema,
    ifMatch: true,
  },
} as const satisfies Record<(typeof DEVICES_ROUTES)[number]['id'], RouteContract>;
