import type { RouteContract } from '../route-contracts';
import {
  clientInputSchema,
  clientListQuerySchema,
  clientSchema,
  clientUpdateInputSchema,
  clientUserInputSchema,
  clientUserListQuerySchema,
  clientUserSchema,
  clientUserUpdateInputSchema,
  credentialsResetResultSchema,
} from '../schemas/client';
import { any, type RouteDef } from './route-def';

/** Customers (clients) and their users (functions/http/clients.ts). */
export const CLIENTS_ROUTES = [
  // spec 000: customers (clients) and their users
  { id: 'clients.list', method: 'GET', path: '/api/clients', access: any('CUSTOMER_READ'), handler: 'clients' },
  { id: 'clients.get', method: 'GET', path: '/api/clients/{id}', access: any('CUSTOMER_READ'), handler: 'clients' },
  { id: 'clients.create', method: 'POST', path: '/api/clients', access: any('CUSTOMER_CREATE'), handler: 'clients' },
  { id: 'clients.update', method: 'PUT', path: '/api/clients/{id}', access: any('CUSTOMER_EDIT'), handler: 'clients' },
  {
    id: 'clients.delete',
    method: 'DELETE',
    path: '/api/clients/{id}',
    access: any('CUSTOMER_DELETE'),
    handler: 'clients',
  },
  {
    id: 'clients.resetPassword',
    method: 'POST',
    path: '/api/clients/{id}/resetpassword',
    access: any('CUSTOMER_EDIT'),
    handler: 'clients',
  },
  {
    id: 'clientUsers.list',
    method: 'GET',
    path: '/api/clients/{id}/users',
    access: any('CUSTOMER_READ'),
    handler: 'clients',
  },
  {
    id: 'clientUsers.create',
    method: 'POST',
    path: '/api/clients/{id}/users',
    access: any('CUSTOMER_EDIT'),
    handler: 'clients',
  },
  {
    id: 'clientUsers.update',
    method: 'PUT',
    path: '/api/clients/{id}/users/{userId}',
    access: any('CUSTOMER_EDIT'),
    handler: 'clients',
  },
  {
    id: 'clientUsers.delete',
    method: 'DELETE',
    path: '/api/clients/{id}/users/{userId}',
    access: any('CUSTOMER_EDIT'),
    handler: 'clients',
  },
] as const satisfies readonly RouteDef[];

export const CLIENTS_CONTRACTS = {
  'clients.list': { summary: 'List customers', query: clientListQuerySchema, collection: clientSchema },
  'clients.get': { summary: 'Get a customer', response: clientSchema },
  'clients.create': { summary: 'Create a customer', body: clientInputSchema, response: clientSchema, status: 201 },
  'clients.update': { summary: 'Update a customer', body: clientUpdateInputSchema, response: clientSchema },
  'clients.delete': { summary: 'Delete a customer', errors: [422] },
  'clients.resetPassword': {
    summary: "Reset a customer's password and mail it (mail_sent: false when SES refused the mail)",
    response: credentialsResetResultSchema,
  },
  'clientUsers.list': {
    summary: "List a customer's users",
    query: clientUserListQuerySchema,
    collection: clientUserSchema,
  },
  'clientUsers.create': {
    summary: 'Create a customer user',
    body: clientUserInputSchema,
    response: clientUserSchema,
    status: 201,
  },
  'clientUsers.update': {
    summary: 'Update a customer user',
    body: clientUserUpdateInputSchema,
    response: clientUserSchema,
  },
  'clientUsers.delete': { summary: 'Delete a customer user' },
} as const satisfies Record<(typeof CLIENTS_ROUTES)[number]['id'], RouteContract>;
