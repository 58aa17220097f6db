import {
  type AssetProfile,
  type AssetProfileDefinition,
  assetProfileDefinitionSchema,
  assetProfileSchema,
} from '../../../shared/schemas/asset-profile';
import { pad, typePartition } from '../data/keys';
import { createRepository } from '../data/repository';
import type { TenantContext } from '../data/tenant-context';
import { allowListOf } from '../http/allow-list';

/** A definition: catalogues of cable reel types and cable types, and lists such as cable lengths. */
export type AssetProfileDefinitionRecord = Omit<AssetProfileDefinition, '@id' | '@type'>;

/** The profile values of one asset for one definition (cable_reel, cable, cable_length, residual_length). */
export type AssetProfileRecord = Omit<AssetProfile, '@id' | '@type'> & {
  asset_id: number;
  definition_id: number;
};

/**
 * Asset profile definitions (spec 000 /asset-profiles).
 *  - table  pk T#<t>#PROFILE_DEF, sk PROFILE_DEF#<id>    list (ID, Name), get by id
 * A tenant has a handful of definitions; no secondary index.
 */
export const assetProfileDefinitionRepository = createRepository<AssetProfileDefinitionRecord>({
  type: 'PROFILE_DEF',
});

export const assetProfilesPartition = (ctx: TenantContext, assetId: number) =>
  `${typePartition(ctx, 'ASSET')}#${assetId}#PROFILES`;

/**
 * Asset profiles: the values an asset holds for a definition; the asset lists them as relation URIs
 * (/api/asset-profiles/<id>), which GET and PUT /api/asset-profiles/{id} read and save.
 *  - table  pk T#<t>#PROFILE, sk PROFILE#<id>             get/put by relation URI
 *  - gsi1   byAsset: T#<t>#ASSET#<assetId>#PROFILES / <definitionId>#<id>
 *           the profiles of one asset (asset panel, delete cascade); begins_with <definitionId># finds the
 *           asset's profile of one definition (POST /api/assets/{id}/asset-profiles adds only missing ones)
 */
export const assetProfileRepository = createRepository<AssetProfileRecord>({
  type: 'PROFILE',
  indexKeys: (ctx, profile) => ({
    gsi1pk: assetProfilesPartition(ctx, profile.asset_id),
    gsi1sk: `${pad(profile.definition_id)}#${pad(profile.id)}`,
  }),
});

export const assetProfileUri = (id: number) => `/api/asset-profiles/${id}`;

const allowedDefinition = allowListOf(assetProfileDefinitionSchema);
const allowedProfile = allowListOf(assetProfileSchema);

export const toApiAssetProfileDefinition = (definition: AssetProfileDefinitionRecord): AssetProfileDefinition =>
  allowedDefinition({
    '@id': `/api/asset-profile-definitions/${definition.id}`,
    '@type': 'AssetProfileDefinition',
    ...definition,
  });

/** asset_id and definition_id are the record's links; the answer nests the definition instead. */
export const toApiAssetProfile = (profile: AssetProfileRecord): AssetProfile =>
  allowedProfile({ '@id': assetProfileUri(profile.id), '@type': 'AssetProfile', ...profile });
