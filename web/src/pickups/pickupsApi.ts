import type { HydraCollection } from '@shared/hydra';
import type { Pickup } from '@shared/schemas/pickup';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../api/apiClient';

/** Under the assets' key: every asset change (a report, a confirmation) reads the pickups again. */
export const PICKUPS_KEY = ['assets', 'pickups'] as const;
export const PICKUPS_PER_PAGE = 20;

/** One page of the assets waiting for a pickup, longest waiting first (the server's order). */
export const pickupsQuery = (page: number) =>
  queryOptions({
    queryKey: [...PICKUPS_KEY, page],
    queryFn: () =>
      api.get<HydraCollection<Pickup>>('/api/pickups', { query: { page, itemsPerPage: PICKUPS_PER_PAGE } }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
