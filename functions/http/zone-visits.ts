import { idParamSchema, toBoolean } from '../../shared/schemas/common';
import {
  VISIT_PERIOD_MAX,
  VISIT_PERIOD_MIN,
  VISIT_PERIOD_OUT_OF_RANGE,
  VISIT_PERIOD_REVERSED,
} from '../../shared/schemas/zone-visit';
import { assetRepository } from '../lib/assets/asset-repository';
import { isClientUser } from '../lib/assets/asset-view';
import type { AuthContext } from '../lib/auth/auth-context';
import type { TenantContext } from '../lib/data/tenant-context';
import { geoZoneRepository } from '../lib/geo-zones/geo-zone-repository';
import { type CollectionQuery, parseCollectionQuery } from '../lib/http/collection-query';
import { forbidden, notFound, unprocessable } from '../lib/http/errors';
import { createHttpHandler, route } from '../lib/http/handler';
import { toCollection } from '../lib/http/hydra';
import { validate } from '../lib/http/validation';
import { exportVisits } from '../lib/visits/visit-export';
import {
  assetVisitsQuery,
  openVisitsQuery,
  pageOfVisits,
  type VisitPeriod,
  zoneVisitsQuery,
} from '../lib/visits/visit-queries';

/**
 * Zone visits (issue 18 part 1): an asset's visits and a zone's visits of a period or open now, newest arrival
 * first, and their exports. Visits name zones, which client users never see (spec 000 hides the geo zone from
 * them; docs/security.md "Client users"), so every visit route answers them 403 before anything is read
 * (docs/decisions/new-zone-visits-role-views-and-edge-cases.md). Another tenant's or an unknown asset or zone: 404.
 */
const SPEC = { dates: ['arrivedAt'] };
/** Totals count at most this many visits (the read budget: no page beyond it is reachable anyway). */
const TOTAL_CAP = 20_000;

function refuseClientUsers(auth: AuthContext) {
  if (isClientUser(auth)) throw forbidden();
}

/** The period as ISO instants, both ends inclusive; out of 2000-2100 or reversed: 422 on the parameter. */
function periodOf(query: CollectionQuery): VisitPeriod {
  const bounds = query.dates.arrivedAt ?? {};
  const after = bounds.after ?? (bounds.strictly_after && new Date(bounds.strictly_after.getTime() + 1));
  const before = bounds.before ?? (bounds.strictly_before && new Date(bounds.strictly_before.getTime() - 1));
  const violations = [];
  for (const [name, date] of [
    ['arrivedAt[after]', after],
    ['arrivedAt[before]', before],
  ] as const) {
    if (date && (date.toISOString() < VISIT_PERIOD_MIN || date.toISOString() > VISIT_PERIOD_MAX))
      violations.push({ propertyPath: name, message: VISIT_PERIOD_OUT_OF_RANGE });
  }
  if (after && before && before < after)
    violations.push({ propertyPath: 'arrivedAt[before]', message: VISIT_PERIOD_REVERSED });
  if (violations.length) throw unprocessable(violations);
  return { after: after?.toISOString(), before: before?.toISOString() };
}

async function assetOf(auth: AuthContext, params: Record<string, string | undefined>) {
  refuseClientUsers(auth);
  const id = validate(idParamSchema, params.id);
  if (!(await assetRepository.get(auth.tenant, id))) throw notFound();
  return id;
}

async function zoneOf(auth: AuthContext, params: Record<string, string | undefined>) {
  refuseClientUsers(auth);
  const id = validate(idParamSchema, params.id);
  if (!(await geoZoneRepository.get(auth.tenant, id))) throw notFound();
  return id;
}

/** The zone list's query: open visits (who is there now) or the period's. */
function zoneQuery(ctx: TenantContext, zoneId: number, query: CollectionQuery) {
  const period = periodOf(query);
  // `open` reads as pagination= does (PHP's FILTER_VALIDATE_BOOLEAN); another word is no filter.
  const open = toBoolean(query.params.get('open') ?? undefined) === true;
  return open ? openVisitsQuery(ctx, zoneId) : zoneVisitsQuery(ctx, zoneId, period);
}

export const handler = createHttpHandler('zone-visits', {
  'zoneVisits.ofAsset': route({
    run: async ({ auth, params, query }) => {
      const id = await assetOf(auth, params);
      const collection = parseCollectionQuery(query, SPEC);
      const visits = assetVisitsQuery(auth.tenant, id, periodOf(collection));
      const page = await pageOfVisits(visits, collection.page, collection.itemsPerPage, TOTAL_CAP);
      return toCollection(`/api/assets/${id}/visits`, collection, page.members, page.total);
    },
  }),
  'zoneVisits.exportOfAsset': route({
    run: async ({ auth, params, query, event }) => {
      const id = await assetOf(auth, params);
      const period = periodOf(parseCollectionQuery(query, SPEC));
      const language = event.headers?.['accept-language'];
      return exportVisits(auth.tenant, query, language, assetVisitsQuery(auth.tenant, id, period));
    },
  }),
  'zoneVisits.ofZone': route({
    run: async ({ auth, params, query }) => {
      const id = await zoneOf(auth, params);
      const collection = parseCollectionQuery(query, SPEC);
      const visits = zoneQuery(auth.tenant, id, collection);
      const page = await pageOfVisits(visits, collection.page, collection.itemsPerPage, TOTAL_CAP);
      return toCollection(`/api/geo-zones/${id}/visits`, collection, page.members, page.total);
    },
  }),
  'zoneVisits.exportOfZone': route({
    run: async ({ auth, params, query, event }) => {
      const id = await zoneOf(auth, params);
      const visits = zoneQuery(auth.tenant, id, parseCollectionQuery(query, SPEC));
      return exportVisits(auth.tenant, query, event.headers?.['accept-language'], visits);
    },
  }),
});
