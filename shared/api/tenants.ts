import type { RouteContract } from '../route-contracts';
import { deviceImportResultSchema } from '../schemas/device-import';
import { tenantInputSchema, tenantListQuerySchema, tenantSchema, tenantUpdateInputSchema } from '../schemas/tenant';
import { ADMINS, any, type RouteDef } from './route-def';

/** Tenants, for super administrators (functions/http/tenants.ts). */
export const TENANTS_ROUTES = [
  // spec 001: tenants
  { id: 'tenants.list', method: 'GET', path: '/api/tenants', access: any(...ADMINS), handler: 'tenants' },
  { id: 'tenants.create', method: 'POST', path: '/api/tenants', access: any('ROLE_SUPER_ADMIN'), handler: 'tenants' },
  { id: 'tenants.update', method: 'PUT', path: '/api/tenants/{id}', access: any(...ADMINS), handler: 'tenants' },
  {
    id: 'tenants.delete',
    method: 'DELETE',
    path: '/api/tenants/{id}',
    access: any('ROLE_SUPER_ADMIN'),
    handler: 'tenants',
  },
  {
    id: 'tenants.uploadDevices',
    method: 'POST',
    path: '/api/tenants/{id}/devices/upload',
    access: any(...ADMINS),
    handler: 'tenants',
  },
] as const satisfies readonly RouteDef[];

export const TENANTS_CONTRACTS = {
  'tenants.list': { summary: 'List tenants', query: tenantListQuerySchema, collection: tenantSchema },
  'tenants.create': { summary: 'Create a tenant', body: tenantInputSchema, response: tenantSchema, status: 201 },
  'tenants.update': { summary: 'Update a tenant', body: tenantUpdateInputSchema, response: tenantSchema },
  'tenants.delete': { summary: 'Delete a tenant' },
  'tenants.uploadDevices': {
    summary: 'Import devices (CSV) into a tenant',
    upload: true,
    response: deviceImportResultSchema,
  },
} as const satisfies Record<(typeof TENANTS_ROUTES)[number]['id'], RouteContract>;
