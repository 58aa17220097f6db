import { isAdmin } from '../../../shared/permissions';
import { DEVICE_SORT_FIELDS, DEVICES_ITEMS_PER_PAGE, deviceListQuerySchema } from '../../../shared/schemas/device';
import type { AuthContext } from '../auth/auth-context';
import { type CollectionQuery, parseCollectionQuery } from '../http/collection-query';
import { validate } from '../http/validation';
import type { DeviceListRequest } from './device-query';

/** Filters are validated by the shared schema; paging and order follow the collection conventions. */
const filterSchema = deviceListQuerySchema.omit({ page: true, itemsPerPage: true, pagination: true });

const NOT_FILTERS = ['page', 'itemsPerPage', 'pagination'];

/**
 * The query of GET /api/devices for this caller: 20 a page, id order unless an order[] names a sortable
 * column. logicalId is an admin filter (spec 000 s.6): for other users it does not exist, so it is ignored
 * (not validated, not applied), as the asset list ignores the filters a client user does not have.
 */
export function deviceListRequestOf(
  rawQuery: string,
  auth: Pick<AuthContext, 'roles'>,
): { collection: CollectionQuery; request: DeviceListRequest } {
  const collection = parseCollectionQuery(rawQuery, {
    orders: DEVICE_SORT_FIELDS,
    defaultItemsPerPage: DEVICES_ITEMS_PER_PAGE,
  });
  const admin = isAdmin(auth.roles);
  const params = Object.fromEntries(
    [...collection.params.entries()].filter(([key]) => !NOT_FILTERS.includes(key) && (admin || key !== 'logicalId')),
  );
  const query = validate(filterSchema, params);
  const order = collection.order[0];
  return {
    collection,
    request: {
      filters: {
        search: query.search,
        id: query.id,
        logicalId: query.logicalId,
        hasAsset: query['exists[asset]'] ?? query['asset[exists]'],
        batteryLow: query.batteryLevelLow,
        sabotaged: query.sabotaged,
        connectivity: query.connectivity,
      },
      order: order
        ? { field: order.field as DeviceListRequest['order']['field'], direction: order.direction }
        : { field: 'id', direction: 'asc' },
      page: collection.page,
      itemsPerPage: collection.itemsPerPage,
    },
  };
}
