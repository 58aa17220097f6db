import type { RouteContract } from '../route-contracts';
import { deviceImportResultSchema } from '../schemas/device-import';
import { erasureSchema, personalDataSchema } from '../schemas/personal-data';
import { userInputSchema, userListQuerySchema, userSchema, userUpdateInputSchema } from '../schemas/user';
import { ADMINS, any, type RouteDef } from './route-def';

/** The tenant's users: administration, a lost second factor, a person's data erased or handed over (functions/http/admin-users.ts). */
export const ADMIN_USERS_ROUTES = [
  // spec 001: users (also used by spec 000 to choose an account manager)
  {
    id: 'users.list',
    method: 'GET',
    path: '/api/users',
    access: any('USER_READ', 'USER_EDIT', 'CUSTOMER_CREATE', 'CUSTOMER_EDIT', ...ADMINS),
    handler: 'admin-users',
  },
  { id: 'users.get', method: 'GET', path: '/api/users/{id}', access: 'authenticated', handler: 'admin-users' },
  { id: 'users.create', method: 'POST', path: '/api/users', access: any('USER_CREATE'), handler: 'admin-users' },
  { id: 'users.update', method: 'PUT', path: '/api/users/{id}', access: 'authenticated', handler: 'admin-users' },
  { id: 'users.delete', method: 'DELETE', path: '/api/users/{id}', access: any('USER_DELETE'), handler: 'admin-users' },
  // A lost authenticator: an administrator turns the user's second factor off (and the user is mailed).
  {
    id: 'users.resetSecondFactor',
    method: 'POST',
    path: '/api/users/{id}/second-factor/reset',
    access: any('USER_EDIT'),
    handler: 'admin-users',
  },
  // A person's data: erased (the account and every copy of their name, login and address; the history keeps a
  // pseudonym) or handed over as JSON (functions/lib/personal-data/).
  {
    id: 'users.erase',
    method: 'POST',
    path: '/api/users/{id}/erase',
    access: any('USER_DELETE'),
    handler: 'admin-users',
  },
  {
    id: 'users.exportPersonalData',
    method: 'POST',
    path: '/api/users/{id}/personal-data',
    access: any('USER_EDIT'),
    handler: 'admin-users',
  },
  {
    id: 'users.uploadDevices',
    method: 'POST',
    path: '/api/users/{id}/devices/upload',
    access: any(...ADMINS),
    handler: 'admin-users',
  },
] as const satisfies readonly RouteDef[];

export const ADMIN_USERS_CONTRACTS = {
  'users.list': { summary: 'List users', query: userListQuerySchema, collection: userSchema },
  'users.get': { summary: 'Get a user', response: userSchema },
  'users.create': { summary: 'Create a user', body: userInputSchema, response: userSchema, status: 201 },
  'users.update': { summary: 'Update a user', body: userUpdateInputSchema, response: userSchema },
  'users.delete': { summary: 'Delete a user' },
  'users.resetSecondFactor': {
    summary: "Turn off a user's second factor (a lost authenticator); the user is mailed",
    status: 204,
    errors: [403, 404],
  },
  'users.erase': {
    summary:
      'Erase a user: the account and every copy of their name, login and e-mail address; the history keeps a pseudonym (status running while the tenant-walk job finishes it)',
    response: erasureSchema,
    errors: [403, 404],
  },
  'users.exportPersonalData': {
    summary: 'What the product holds about a user (their personal data, as JSON)',
    response: personalDataSchema,
    errors: [403, 404],
  },
  'users.uploadDevices': {
    summary: "Import devices (CSV) into the user's tenant",
    upload: true,
    response: deviceImportResultSchema,
  },
} as const satisfies Record<(typeof ADMIN_USERS_ROUTES)[number]['id'], RouteContract>;
