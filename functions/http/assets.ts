import { assetInputSchema, buildAssetUpdateInputSchema, DEFAULT_ASSET_ORDER } from '../../shared/schemas/asset';
import { idParamSchema } from '../../shared/schemas/common';
import {
  ASSET_SORT_INDEXES,
  type AssetRecord,
  assetPartition,
  assetRepository,
  toApiAsset,
} from '../lib/assets/asset-repository';
import { parseCollectionQuery } from '../lib/http/collection-query';
import { createHttpHandler, reply, route } from '../lib/http/handler';
import { toCollection } from '../lib/http/hydra';
import { validate } from '../lib/http/validation';

/**
 * Assets (spec 000 sections 2, 3, 7). The platform issue delivers list, read, create, update and delete with
 * the shared conventions; the tracking-core issue adds filters, role views, profiles, attachments, exports.
 */
const assetId = (params: Record<string, string | undefined>) => validate(idParamSchema, params.id);

const emptyAsset = (): Omit<AssetRecord, 'id' | 'version' | 'name'> => ({
  logical_id: null,
  reference: null,
  description: null,
  devices: [],
  street: null,
  postalCode: null,
  city: null,
  region: null,
  country: null,
  days_still: null,
  lastCommunication: null,
  lastLocationUpdate: null,
  geo_zone: null,
  client: null,
  scheduled: null,
  asset_profile_relations: [],
  asset_profile_definitions: [],
  days_outside_geo_zone: 0,
  status: null,
  last_event: null,
  attachments: [],
});

export const handler = createHttpHandler('assets', {
  'assets.list': route({
    run: async ({ auth, query }) => {
      const request = parseCollectionQuery(query, {
        orders: Object.keys(ASSET_SORT_INDEXES),
        defaultOrder: DEFAULT_ASSET_ORDER,
      });
      const order = request.order[0] ?? DEFAULT_ASSET_ORDER;
      const indexName = ASSET_SORT_INDEXES[order.field as keyof typeof ASSET_SORT_INDEXES];
      const [page, total] = await Promise.all([
        assetRepository.page(auth.tenant, {
          page: request.page,
          itemsPerPage: request.itemsPerPage,
          index: { name: indexName, partition: assetPartition(auth.tenant) },
          ascending: order.direction === 'asc',
        }),
        assetRepository.count(auth.tenant),
      ]);
      return toCollection('/api/assets', request, page.items.map(toApiAsset), total);
    },
  }),
  'assets.get': route({
    run: async ({ auth, params }) => toApiAsset(await assetRepository.getOrThrow(auth.tenant, assetId(params))),
  }),
  'assets.create': route({
    body: assetInputSchema,
    run: async ({ auth, body }) => {
      const created = await assetRepository.create(auth.tenant, {
        ...emptyAsset(),
        name: body.name,
        reference: body.reference ?? null,
        description: body.description ?? null,
        scheduled: body.scheduled ?? null,
      });
      return reply(201, toApiAsset(created));
    },
  }),
  'assets.update': route({
    run: async ({ auth, params, body }) => {
      const id = assetId(params);
      const current = await assetRepository.getOrThrow(auth.tenant, id);
      const input = validate(buildAssetUpdateInputSchema(current.scheduled), body);
      const updated = await assetRepository.update(auth.tenant, id, input.version, (stored) => ({
        ...stored,
        name: input.name,
        ...(input.reference === undefined ? {} : { reference: input.reference }),
        ...(input.description === undefined ? {} : { description: input.description }),
        ...(input.scheduled === undefined ? {} : { scheduled: input.scheduled }),
      }));
      return toApiAsset(updated);
    },
  }),
  'assets.delete': route({
    run: async ({ auth, params }) => {
      await assetRepository.remove(auth.tenant, assetId(params));
      return reply(204);
    },
  }),
});
