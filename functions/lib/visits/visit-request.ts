import { toBoolean } from '../../../shared/schemas/common';
import {
  VISIT_PERIOD_MAX,
  VISIT_PERIOD_MIN,
  VISIT_PERIOD_OUT_OF_RANGE,
  VISIT_PERIOD_REVERSED,
} from '../../../shared/schemas/zone-visit';
import { assetRepository } from '../assets/asset-repository';
import type { AuthContext } from '../auth/auth-context';
import type { TenantContext } from '../data/tenant-context';
import { geoZoneRepository } from '../geo-zones/geo-zone-repository';
import type { CollectionQuery } from '../http/collection-query';
import { notFound, unprocessable } from '../http/errors';
import { openVisitsQuery, type VisitPeriod, zoneVisitsQuery } from './visit-queries';

/**
 * The checks and queries a visit route and a visit export share (the export worker runs them again from the
 * caller's claims): client users 403, another tenant's or an unknown asset or zone 404, the period bounded.
 */
export const VISIT_COLLECTION_SPEC = { dates: ['arrivedAt'] };

/** The period as ISO instants, both ends inclusive; out of 2000-2100 or reversed: 422 on the parameter. */
export function periodOf(query: CollectionQuery): VisitPeriod {
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

export async function assetOf(auth: AuthContext, id: number) {
  if (!(await assetRepository.get(auth.tenant, id))) throw notFound();
  return id;
}

export async function zoneOf(auth: AuthContext, id: number) {
  if (!(await geoZoneRepository.get(auth.tenant, id))) throw notFound();
  return id;
}

/** The zone list's query: open visits (who is there now) or the period's. */
export function zoneQuery(ctx: TenantContext, zoneId: number, query: CollectionQuery) {
  const period = periodOf(query);
  // `open` reads as pagination= does (PHP's FILTER_VALIDATE_BOOLEAN); another word is no filter.
  const open = toBoolean(query.params.get('open') ?? undefined) === true;
  return open ? openVisitsQuery(ctx, zoneId) : zoneVisitsQuery(ctx, zoneId, period);
}
