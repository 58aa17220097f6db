import { z } from 'zod';
import type { RouteContract } from '../route-contracts';
import {
  apiClientTokenRequestSchema,
  apiClientTokenResponseSchema,
  apiTokenInputSchema,
  apiTokenSchema,
  apiTokenUpdateInputSchema,
} from '../schemas/api-token';
import { paginationQuerySchema } from '../schemas/common';
import { any, type RouteDef } from './route-def';

/** API credentials of systems that call the API (functions/http/api-tokens.ts). */
export const API_TOKENS_ROUTES = [
  // spec 001: API credentials
  { id: 'tokens.list', method: 'GET', path: '/api/tokens', access: any('API_TOKENS'), handler: 'api-tokens' },
  { id: 'tokens.create', method: 'POST', path: '/api/tokens', access: any('API_TOKENS'), handler: 'api-tokens' },
  { id: 'tokens.update', method: 'PUT', path: '/api/tokens', access: any('API_TOKENS'), handler: 'api-tokens' },
  {
    id: 'tokens.revoke',
    method: 'DELETE',
    path: '/api/tokens/{id}',
    access: any('API_TOKENS'),
    handler: 'api-tokens',
  },
  { id: 'tokens.issue', method: 'POST', path: '/api/oauth/token', access: 'public', handler: 'api-tokens' },
  // The OpenAPI 3.1 document for API clients, generated from this table and shared/route-contracts.ts.
  { id: 'docs.openapi', method: 'GET', path: '/api/docs.json', access: 'public', handler: 'api-tokens' },
] as const satisfies readonly RouteDef[];

export const API_TOKENS_CONTRACTS = {
  'tokens.list': { summary: 'List API credentials', query: paginationQuerySchema, collection: apiTokenSchema },
  'tokens.create': {
    summary: 'Create an API credential (the answer holds the secret, once)',
    body: apiTokenInputSchema,
    response: apiTokenSchema,
    status: 201,
  },
  'tokens.update': {
    summary: 'Rename an API credential',
    body: apiTokenUpdateInputSchema,
    response: apiTokenSchema,
    errors: [404],
  },
  'tokens.revoke': { summary: 'Revoke an API credential' },
  'tokens.issue': {
    summary: 'Get an access token (OAuth 2.0 client credentials)',
    body: apiClientTokenRequestSchema,
    form: true,
    response: apiClientTokenResponseSchema,
    mediaType: 'application/json',
    errors: [401],
  },
  'docs.openapi': {
    summary: 'This OpenAPI document',
    response: z.record(z.string(), z.unknown()).meta({ description: 'OpenAPI 3.1' }),
    mediaType: 'application/json',
  },
} as const satisfies Record<(typeof API_TOKENS_ROUTES)[number]['id'], RouteContract>;
