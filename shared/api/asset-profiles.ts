import type { RouteContract } from '../route-contracts';
import {
  assetProfileDefinitionSchema,
  assetProfileDefinitionUpdateInputSchema,
  assetProfileSchema,
  assetProfileUpdateInputSchema,
} from '../schemas/asset-profile';
import { paginationQuerySchema } from '../schemas/common';
import { any, noClients, type RouteDef } from './route-def';

/** Asset profiles and their definitions (functions/http/asset-profiles.ts). */
export const ASSET_PROFILES_ROUTES = [
  // spec 000: asset profiles
  {
    id: 'assetProfileDefinitions.list',
    method: 'GET',
    path: '/api/asset-profile-definitions',
    access: any('ASSET_PROFILE_READ', 'ASSET_PROFILE_EDIT'),
    handler: 'asset-profiles',
  },
  {
    id: 'assetProfileDefinitions.update',
    method: 'PUT',
    path: '/api/asset-profile-definitions/{id}',
    access: any('ASSET_PROFILE_EDIT'),
    handler: 'asset-profiles',
  },
  {
    id: 'assetProfiles.get',
    method: 'GET',
    path: '/api/asset-profiles/{id}',
    access: any('ASSET_PROFILE_READ', 'ASSET_PROFILE_EDIT', 'ASSET_READ'),
    handler: 'asset-profiles',
  },
  {
    id: 'assetProfiles.update',
    method: 'PUT',
    path: '/api/asset-profiles/{id}',
    access: noClients('ASSET_PROFILE_EDIT', 'ASSET_EDIT'),
    handler: 'asset-profiles',
  },
] as const satisfies readonly RouteDef[];

export const ASSET_PROFILES_CONTRACTS = {
  'assetProfileDefinitions.list': {
    summary: 'Asset profile definitions',
    query: paginationQuerySchema,
    collection: assetProfileDefinitionSchema,
  },
  'assetProfileDefinitions.update': {
    summary: 'Update an asset profile definition',
    body: assetProfileDefinitionUpdateInputSchema,
    response: assetProfileDefinitionSchema,
  },
  'assetProfiles.get': { summary: 'Get an asset profile', response: assetProfileSchema },
  'assetProfiles.update': {
    summary: 'Update an asset profile',
    body: assetProfileUpdateInputSchema,
    response: assetProfileSchema,
  },
} as const satisfies Record<(typeof ASSET_PROFILES_ROUTES)[number]['id'], RouteContract>;
