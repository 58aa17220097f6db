import { assetViewerOf } from '../lib/assets/asset-view';
import { parseCollectionQuery } from '../lib/http/collection-query';
import { createHttpHandler, reply, route } from '../lib/http/handler';
import { toCollection } from '../lib/http/hydra';
import { listPickups } from '../lib/pickups/pickup-list';
import { userNamesOf } from '../lib/pickups/pickup-users';

/**
 * Pickups: the assets waiting for a pickup (GET /api/pickups), in the caller's view of assets. The pickup
 * items are written by the asset status actions (functions/lib/pickups/pickup-writes.ts), not here.
 */
export const handler = createHttpHandler('pickups', {
  'pickups.list': route({
    run: async ({ auth, rawQuery }) => {
      const viewer = await assetViewerOf(auth);
      const collection = parseCollectionQuery(rawQuery, {});
      const names = (ids: number[]) => userNamesOf(auth.tenant, ids);
      const list = await listPickups(auth.tenant, viewer, collection.page, collection.itemsPerPage, names);
      return reply(200, toCollection('/api/pickups', collection, list.members, list.total), {
        'x-total-exact': String(list.totalExact),
        'x-items-read': String(list.itemsRead),
      });
    },
  }),
});
