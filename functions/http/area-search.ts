import { assetsInAreaNow } from '../lib/area-search/area-now';
import { searchArea } from '../lib/area-search/area-search';
import { assetViewerOf } from '../lib/assets/asset-view';
import { createHttpHandler, reply, route } from '../lib/http/handler';

/**
 * The area search (functions/lib/area-search/): assets with fixes inside an area in a window, and assets inside
 * it now, in the caller's scope (a client user's customer). Items read go out as x-items-read, as the lists'.
 */
export const handler = createHttpHandler('area-search', {
  'areaSearch.search': route({
    run: async ({ auth, body }) => {
      const result = await searchArea(auth.tenant, await assetViewerOf(auth), body);
      return reply(200, result, { 'x-items-read': String(result.itemsRead) });
    },
  }),
  'areaSearch.now': route({
    run: async ({ auth, body }) => {
      const result = await assetsInAreaNow(auth.tenant, await assetViewerOf(auth), body);
      return reply(200, result, { 'x-items-read': String(result.itemsRead) });
    },
  }),
});
