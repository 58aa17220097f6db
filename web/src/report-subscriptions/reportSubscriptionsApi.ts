import type { HydraCollection } from '@shared/hydra';
import type { ReportPreview, ReportSubscription } from '@shared/schemas/report-subscription';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../api/apiClient';
import type { ListRowsParams } from '../common/list/ListScreen';
import type { ReportSubscriptionPayload } from './reportSubscriptionForm';

/** A person has at most 50 (the API's cap); an administrator's list of the tenant pages by this. */
export const SUBSCRIPTIONS_PAGE_SIZE = 50;

export const subscriptionKeys = {
  all: ['report-subscriptions'] as const,
  list: (page: number) => ['report-subscriptions', 'list', page] as const,
  one: (id: number) => ['report-subscriptions', 'one', id] as const,
};

const path = (id: number) => `/api/report-subscriptions/${id}`;

export function useSubscriptionList({ page }: ListRowsParams<never>) {
  const query = useQuery({
    queryKey: subscriptionKeys.list(page),
    queryFn: ({ signal }) =>
      api.get<HydraCollection<ReportSubscription>>('/api/report-subscriptions', {
        query: { page, itemsPerPage: SUBSCRIPTIONS_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  return {
    data: query.data,
    isPending: query.isPending,
    isError: query.isError,
    isPlaceholderData: query.isPlaceholderData,
  };
}

export const useSubscription = (id: number | undefined) =>
  useQuery({
    queryKey: subscriptionKeys.one(id ?? 0),
    queryFn: ({ signal }) => api.get<ReportSubscription>(path(id ?? 0), { signal }),
    enabled: id !== undefined,
    staleTime: 0,
  });

export const createSubscription = (input: ReportSubscriptionPayload) =>
  api.post<ReportSubscription>('/api/report-subscriptions', input);
export const updateSubscription = (id: number, input: ReportSubscriptionPayload) =>
  api.put<ReportSubscription>(path(id), input);
export const deleteSubscription = (id: number) => api.delete(path(id));
export const previewSubscription = (id: number) => api.post<ReportPreview>(`${path(id)}/preview`);
