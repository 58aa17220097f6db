import { z } from 'zod';
import type { RouteContract } from '../route-contracts';
import { permissionSchema, roleInputSchema, roleSchema, roleUpdateInputSchema } from '../schemas/role';
import { any, type RouteDef } from './route-def';

/** Roles and the permission matrix of the tenant (functions/http/roles.ts). */
export const ROLES_ROUTES = [
  // spec 001: roles and permissions
  { id: 'roles.names', method: 'GET', path: '/api/roles', access: 'authenticated', handler: 'roles' },
  {
    id: 'roles.matrix',
    method: 'GET',
    path: '/api/role-matrix',
    access: any('PERMISSION_READ', 'PERMISSION_EDIT'),
    handler: 'roles',
  },
  { id: 'roles.create', method: 'POST', path: '/api/roles', access: any('PERMISSION_EDIT'), handler: 'roles' },
  { id: 'roles.update', method: 'PUT', path: '/api/roles/{id}', access: any('PERMISSION_EDIT'), handler: 'roles' },
  {
    id: 'permissions.list',
    method: 'GET',
    path: '/api/permissions',
    access: any('PERMISSION_READ', 'PERMISSION_EDIT'),
    handler: 'roles',
  },
] as const satisfies readonly RouteDef[];

export const ROLES_CONTRACTS = {
  'roles.names': { summary: 'Role names', collection: z.string() },
  'roles.matrix': { summary: 'Roles with their permissions', collection: roleSchema },
  'roles.create': { summary: 'Create a role', body: roleInputSchema, response: roleSchema, status: 201 },
  'roles.update': { summary: 'Update a role', body: roleUpdateInputSchema, response: roleSchema },
  'permissions.list': { summary: 'Permissions', collection: permissionSchema },
} as const satisfies Record<(typeof ROLES_ROUTES)[number]['id'], RouteContract>;
