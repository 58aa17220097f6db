import type { RouteContract } from '../route-contracts';
import {
  deviceProfileInputSchema,
  deviceProfileSchema,
  deviceProfileTestInputSchema,
  deviceProfileTestResultSchema,
  deviceProfileUpdateInputSchema,
} from '../schemas/device-profile';
import { adminsOnly, noClients, type RouteDef } from './route-def';

/** Device profiles with their payload codecs (functions/http/device-profiles.ts). */
export const DEVICE_PROFILES_ROUTES = [
  // Device profiles per tenant with a payload codec; writes for admins only (a code rule)
  {
    id: 'deviceProfiles.list',
    method: 'GET',
    path: '/api/device-profiles',
    access: noClients('DEVICE_READ'),
    handler: 'device-profiles',
  },
  {
    id: 'deviceProfiles.test',
    method: 'POST',
    path: '/api/device-profiles/test',
    access: adminsOnly('DEVICE_EDIT'),
    handler: 'device-profiles',
  },
  {
    id: 'deviceProfiles.get',
    method: 'GET',
    path: '/api/device-profiles/{id}',
    access: noClients('DEVICE_READ'),
    handler: 'device-profiles',
  },
  {
    id: 'deviceProfiles.create',
    method: 'POST',
    path: '/api/device-profiles',
    access: adminsOnly('DEVICE_CREATE'),
    handler: 'device-profiles',
  },
  {
    id: 'deviceProfiles.update',
    method: 'PUT',
    path: '/api/device-profiles/{id}',
    access: adminsOnly('DEVICE_EDIT'),
    handler: 'device-profiles',
  },
  {
    id: 'deviceProfiles.delete',
    method: 'DELETE',
    path: '/api/device-profiles/{id}',
    access: adminsOnly('DEVICE_DELETE'),
    handler: 'device-profiles',
  },
] as const satisfies readonly RouteDef[];

export const DEVICE_PROFILES_CONTRACTS = {
  'deviceProfiles.list': {
    summary: "Device profiles: the built-ins, then the tenant's own",
    collection: deviceProfileSchema,
  },
  'deviceProfiles.test': {
    summary: "Decode bytes with a codec and map the result (the profile screen's test panel)",
    body: deviceProfileTestInputSchema,
    response: deviceProfileTestResultSchema,
  },
  'deviceProfiles.get': { summary: 'Get a device profile', response: deviceProfileSchema },
  'deviceProfiles.create': {
    summary: 'Create a device profile with a payload codec (admins)',
    body: deviceProfileInputSchema,
    response: deviceProfileSchema,
    status: 201,
  },
  'deviceProfiles.update': {
    summary: 'Update a device profile (admins; built-ins answer 403)',
    body: deviceProfileUpdateInputSchema,
    response: deviceProfileSchema,
    ifMatch: true,
  },
  'deviceProfiles.delete': {
    summary: 'Delete a device profile (admins; 409 while devices use it)',
    errors: [409],
    ifMatch: true,
  },
} as const satisfies Record<(typeof DEVICE_PROFILES_ROUTES)[number]['id'], RouteContract>;
