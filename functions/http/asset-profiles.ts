import { isClientUser } from '../../shared/permissions';
import {
  assetProfileDefinitionRepository,
  assetProfileRepository,
  toApiAssetProfile,
  toApiAssetProfileDefinition,
} from '../lib/asset-profiles/asset-profile-repository';
import { saveAssetProfile } from '../lib/asset-profiles/asset-profile-writes';
import { assetRepository } from '../lib/assets/asset-repository';
import { assertCanSee, assetViewerOf } from '../lib/assets/asset-view';
import { parseCollectionQuery } from '../lib/http/collection-query';
import { conflict, forbidden } from '../lib/http/errors';
import { createHttpHandler, route } from '../lib/http/handler';
import { toCollection } from '../lib/http/hydra';

/**
 * Asset profiles (spec 000 /asset-profiles and the profile block of an asset): the definitions with their
 * catalogues and lists, and the values one asset holds. Decisions: docs/decisions/0077 to 0081.
 */

export const handler = createHttpHandler('asset-profiles', {
  'assetProfileDefinitions.list': route({
    run: async ({ auth, rawQuery }) => {
      const collection = parseCollectionQuery(rawQuery, {});
      const [page, total] = await Promise.all([
        assetProfileDefinitionRepository.page(auth.tenant, {
          page: collection.page,
          itemsPerPage: collection.paginate ? collection.itemsPerPage : 1000,
        }),
        assetProfileDefinitionRepository.count(auth.tenant),
      ]);
      const members = page.items.map(toApiAssetProfileDefinition);
      return toCollection('/api/asset-profile-definitions', collection, members, total);
    },
  }),
  'assetProfileDefinitions.update': route({
    run: async ({ auth, params, body }) => {
      const updated = await assetProfileDefinitionRepository.update(auth.tenant, params.id, body.version, (c) => ({
        ...c,
        name: body.name,
        type: body.type,
        definitions: body.definitions,
      }));
      return toApiAssetProfileDefinition(updated);
    },
  }),
  'assetProfiles.get': route({
    run: async ({ auth, params }) => {
      const profile = await assetProfileRepository.getOrThrow(auth.tenant, params.id);
      // A client user reads the profile of an asset of their own customer only (404 otherwise, as for assets).
      if (isClientUser(auth.roles))
        assertCanSee(await assetViewerOf(auth), await assetRepository.get(auth.tenant, profile.asset_id));
      return toApiAssetProfile(profile);
    },
  }),
  'assetProfiles.update': route({
    run: async ({ auth, params, body }) => {
      const reset = body.reset_residual_length === true;
      if (reset && !auth.hasAny('CABLE_REEL_RESET')) throw forbidden();
      const current = await assetProfileRepository.getOrThrow(auth.tenant, params.id);
      if (current.version !== body.version) throw conflict();
      return toApiAssetProfile(await saveAssetProfile(auth.tenant, current, { data: body.data, reset }));
    },
  }),
});
