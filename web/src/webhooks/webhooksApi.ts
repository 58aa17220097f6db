import type { HydraCollection } from '@shared/hydra';
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointInput } from '@shared/schemas/webhook';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../api/apiClient';
import type { ListRowsParams } from '../common/list/ListScreen';

/** At most 20 endpoints a tenant: one page holds them all. */
export const WEBHOOKS_PAGE_SIZE = 20;
const DELIVERIES_PAGE_SIZE = 20;

export const webhookKeys = {
  all: ['webhook-endpoints'] as const,
  one: (id: number) => ['webhook-endpoints', 'one', id] as const,
  deliveries: (id: number) => ['webhook-endpoints', 'deliveries', id] as const,
};

const path = (id: number) => `/api/webhook-endpoints/${id}`;

export function useWebhookList(_params: ListRowsParams<never>) {
  const query = useQuery({
    queryKey: webhookKeys.all,
    queryFn: ({ signal }) =>
      api.get<HydraCollection<WebhookEndpoint>>('/api/webhook-endpoints', {
        query: { itemsPerPage: WEBHOOKS_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  return { data: query.data, isPending: query.isPending, isError: query.isError };
}

export const useWebhook = (id: number | undefined) =>
  useQuery({
    queryKey: webhookKeys.one(id ?? 0),
    queryFn: ({ signal }) => api.get<WebhookEndpoint>(path(id ?? 0), { signal }),
    enabled: id !== undefined,
  });

/** An attempt is due within a minute and not logged yet (a new message, a replay, the 5-second retry). */
const awaitingAttempt = (delivery: WebhookDelivery) =>
  delivery.next_attempt_at !== null &&
  Date.parse(delivery.next_attempt_at) - Date.now() < 60_000 &&
  (delivery.attempts.at(-1)?.at ?? '') < delivery.next_attempt_at;

/** The log refreshes itself while a message waits for an attempt soon. */
export const useDeliveries = (id: number | undefined) =>
  useQuery({
    queryKey: webhookKeys.deliveries(id ?? 0),
    queryFn: async ({ signal }) =>
      (
        await api.get<HydraCollection<WebhookDelivery>>(`${path(id ?? 0)}/deliveries`, {
          query: { itemsPerPage: DELIVERIES_PAGE_SIZE },
          signal,
        })
      )['hydra:member'],
    enabled: id !== undefined,
    refetchInterval: (query) => (query.state.data?.some(awaitingAttempt) ? 2000 : false),
  });

export type WebhookPayload = WebhookEndpointInput & { version?: number };

export const createWebhook = (input: WebhookPayload) => api.post<WebhookEndpoint>('/api/webhook-endpoints', input);
export const updateWebhook = (id: number, input: WebhookPayload) => api.put<WebhookEndpoint>(path(id), input);
export const deleteWebhook = (id: number) => api.delete(path(id));
export const rotateSecret = (id: number, version: number, revokePrevious: boolean) =>
  api.post<WebhookEndpoint>(`${path(id)}/rotate-secret`, { version, revoke_previous: revokePrevious });
export const sendTestEvent = (id: number) => api.post<WebhookDelivery>(`${path(id)}/test`);
export const replayDelivery = (id: number, deliveryId: string) =>
  api.post<WebhookDelivery>(`${path(id)}/deliveries/${deliveryId}/replay`);
