import type { ZoneVisit } from '@shared/schemas/zone-visit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../api/apiClient';
import type { Collection } from '../assets/assetsApi';

export const VISIT_PAGE_SIZE = 10;

/** A period of whole days in the user's calendar (yyyy-MM-dd, either may be empty). */
export interface DayPeriod {
  from: string;
  to: string;
}

/** The period's API filter: from the start of `from` to the end of `to`, in the user's time zone. */
export function periodQuery(period: DayPeriod | undefined): Record<string, string> {
  const query: Record<string, string> = {};
  if (period?.from) query['arrivedAt[after]'] = new Date(`${period.from}T00:00:00`).toISOString();
  if (period?.to) query['arrivedAt[before]'] = new Date(`${period.to}T23:59:59.999`).toISOString();
  return query;
}

/** One page of an asset's visits, newest arrival first (GET /api/assets/{id}/visits). */
export function useAssetVisits(assetId: number, page: number) {
  return useQuery({
    queryKey: ['zone-visits', 'asset', assetId, page],
    queryFn: ({ signal }) =>
      api.get<Collection<ZoneVisit>>(`/api/assets/${assetId}/visits`, {
        query: { page, itemsPerPage: VISIT_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: false,
    meta: { silent: true },
  });
}

/** A zone's visits: open now (`open`), or of a period, a page at a time (GET /api/geo-zones/{id}/visits). */
export function useZoneVisits(zoneId: number, options: { open: true } | { period: DayPeriod; page: number }) {
  const query =
    'open' in options
      ? { open: 'true', pagination: 'false' }
      : { ...periodQuery(options.period), page: options.page, itemsPerPage: VISIT_PAGE_SIZE };
  return useQuery({
    queryKey: ['zone-visits', 'zone', zoneId, query],
    queryFn: ({ signal }) => api.get<Collection<ZoneVisit>>(`/api/geo-zones/${zoneId}/visits`, { query, signal }),
    placeholderData: keepPreviousData,
    retry: false,
    meta: { silent: true },
  });
}
