import { exportNow, exportRequestOf } from '../lib/exports/export-worker-client';
import { parseCollectionQuery } from '../lib/http/collection-query';
import { createHttpHandler, route } from '../lib/http/handler';
import { toCollection } from '../lib/http/hydra';
import { assetVisitsQuery, pageOfVisits } from '../lib/visits/visit-queries';
import { assetOf, periodOf, VISIT_COLLECTION_SPEC, zoneOf, zoneQuery } from '../lib/visits/visit-request';

/**
 * Zone visits: an asset's visits and a zone's visits of a period or open now, newest arrival first, and their exports.
 * Visits name zones, which client users never see (spec 000 hides the geo zone from them; docs/security.md "A client
 * user seeing other customers' zones and history"), so every visit route answers them 403 before anything is read
 * (docs/decisions/0267-zone-visits-a-presence-per-zone-on-the-asset-dated-at-the-first-fix.md). Another tenant's or an
 * unknown asset or zone: 404.
 */
const SPEC = VISIT_COLLECTION_SPEC;
/** Totals count at most this many visits (the read budget: no page beyond it is reachable anyway). */
const TOTAL_CAP = 20_000;

export const handler = createHttpHandler('zone-visits', {
  'zoneVisits.ofAsset': route({
    run: async ({ auth, params, rawQuery }) => {
      const id = await assetOf(auth, params.id);
      const collection = parseCollectionQuery(rawQuery, SPEC);
      const visits = assetVisitsQuery(auth.tenant, id, periodOf(collection));
      const page = await pageOfVisits(visits, collection.page, collection.itemsPerPage, TOTAL_CAP);
      return toCollection(`/api/assets/${id}/visits`, collection, page.members, page.total);
    },
  }),
  'zoneVisits.exportOfAsset': route({
    // Checked here, written by the export worker (lib/visits/visit-export.ts runs the same checks there).
    run: ({ auth, rawQuery, event }) =>
      exportNow(auth, 'assetVisits', exportRequestOf(event, rawQuery, event.pathParameters)),
  }),
  'zoneVisits.ofZone': route({
    run: async ({ auth, params, rawQuery }) => {
      const id = await zoneOf(auth, params.id);
      const collection = parseCollectionQuery(rawQuery, SPEC);
      const visits = zoneQuery(auth.tenant, id, collection);
      const page = await pageOfVisits(visits, collection.page, collection.itemsPerPage, TOTAL_CAP);
      return toCollection(`/api/geo-zones/${id}/visits`, collection, page.members, page.total);
    },
  }),
  'zoneVisits.exportOfZone': route({
    run: ({ auth, rawQuery, event }) =>
      exportNow(auth, 'zoneVisits', exportRequestOf(event, rawQuery, event.pathParameters)),
  }),
});
