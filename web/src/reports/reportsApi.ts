import type { HydraCollection } from '@shared/hydra';
import type { Asset } from '@shared/schemas/asset';
import { REPORTED_STATUSES } from '@shared/schemas/asset-status';
import type { ReportCheckAnswer } from '@shared/schemas/report-check';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api/apiClient';

/** Under the assets' key, so every asset change (a new report, a confirmation) reads the reports again. */
export const REPORTS_KEY = ['assets', 'reports'] as const;

/** A tenant has at most a few dozen open reports; the list shows the first 100 of each kind. */
const REPORTS_PER_KIND = 100;

/** The assets whose delivered / empty report waits for a planner, oldest id first, as one collection. */
export const useReports = () =>
  useQuery({
    queryKey: [...REPORTS_KEY, 'list'],
    queryFn: async () => {
      const pages = await Promise.all(
        REPORTED_STATUSES.map((status) =>
          api.get<HydraCollection<Asset>>('/api/assets', {
            query: { status, itemsPerPage: REPORTS_PER_KIND },
          }),
        ),
      );
      const members = pages.flatMap((page) => page['hydra:member']).sort((a, b) => a.id - b.id);
      return { 'hydra:member': members, 'hydra:totalItems': members.length };
    },
    meta: { silent: true },
  });

/** How many reports wait, for the top bar's badge: two one-item pages, their totals. */
export const reportCountQuery = queryOptions({
  queryKey: [...REPORTS_KEY, 'count'],
  queryFn: async () => {
    const pages = await Promise.all(
      REPORTED_STATUSES.map((status) =>
        api.get<HydraCollection<Asset>>('/api/assets', { query: { status, itemsPerPage: 1 } }),
      ),
    );
    return pages.reduce((sum, page) => sum + (page['hydra:totalItems'] ?? 0), 0);
  },
  refetchInterval: 60_000,
});

export const confirmReport = (id: number) => api.put<Asset>(`/api/assets/${id}/confirm-report`);

/**
 * The report's check against the tag, per row: worked out by the API until its window is over, then stored,
 * so a settled one is cached for good and an open one read again every few minutes.
 */
export const reportCheckQuery = (assetId: number) =>
  queryOptions({
    queryKey: [...REPORTS_KEY, 'check', assetId],
    queryFn: () => api.get<ReportCheckAnswer>(`/api/assets/${assetId}/report-check`),
    staleTime: 60_000,
    refetchInterval: (query) => (query.state.data?.settled ? false : 5 * 60_000),
    meta: { silent: true },
  });
