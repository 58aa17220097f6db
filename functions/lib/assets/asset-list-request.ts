import {
  ASSET_SORT_FIELDS,
  assetListQuerySchema,
  CLIENT_ASSET_SORT_FIELDS,
  DEFAULT_ASSET_ORDER,
} from '../../../shared/schemas/asset';
import { type CollectionQuery, parseCollectionQuery } from '../http/collection-query';
import { validate } from '../http/validation';
import type { AssetFilters, AssetListRequest } from './asset-query';
import type { AssetViewer } from './asset-view';

/** Filters are validated by the shared schema; paging and order follow the collection conventions. */
const filterSchema = assetListQuerySchema.omit({ page: true, itemsPerPage: true, pagination: true });

/**
 * The query of GET /api/assets for this viewer. For a client user the customer is always their own (any
 * client filter is overridden), and filters and orders on the columns hidden from them are ignored, so
 * neither can reveal a hidden value; their default order is by id.
 */
export function assetListRequestOf(
  rawQuery: string,
  viewer: AssetViewer,
): { collection: CollectionQuery; request: AssetListRequest } {
  const isClient = viewer.kind === 'client';
  const collection = parseCollectionQuery(rawQuery, {
    orders: isClient ? CLIENT_ASSET_SORT_FIELDS : ASSET_SORT_FIELDS,
    defaultOrder: isClient ? undefined : DEFAULT_ASSET_ORDER,
  });
  const params = Object.fromEntries(
    [...collection.params.entries()].filter(([key]) => !['page', 'itemsPerPage', 'pagination'].includes(key)),
  );
  const query = validate(filterSchema, params);
  const filters: AssetFilters = {
    search: query.search,
    id: query.id,
    logicalId: query.logicalId,
    status: query.status,
    ...(isClient
      ? { clientId: viewer.clientId ?? 0 }
      : {
          daysOutsideGeoZone: query.daysOutsideGeoZone,
          scheduledAfter: query['scheduled[after]'],
          scheduledBefore: query['scheduled[before]'],
          clientId: query.client ?? undefined,
        }),
  };
  const order = collection.order[0];
  return {
    collection,
    request: {
      filters,
      order: order
        ? { field: order.field as AssetListRequest['order']['field'], direction: order.direction }
        : { field: 'id', direction: 'asc' },
      page: collection.page,
      itemsPerPage: collection.itemsPerPage,
    },
  };
}
