import type { HydraCollection } from '@shared/hydra';
import type { AlarmInboxState } from '@shared/schemas/alarm-handling';
import type { AlarmInboxEntry } from '@shared/schemas/alarm-inbox';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/apiClient';

/**
 * The alarm inbox's queries live under this prefix: the live layer (web/src/live) invalidates it on every
 * alarm change it hears (docs: live-contract), so a new, assigned, acknowledged or resolved alarm shows at once; without push the
 * inbox still reads again on window focus and every minute.
 */
export const ALARM_INBOX_KEY = ['alarm-inbox'] as const;

/** The newest open alarms the inbox lists; the badge counts them all (up to the API's limit). */
export const INBOX_PAGE_SIZE = 20;
export const INBOX_REFETCH_MS = 60_000;

/** The inbox's filters; the default (every unresolved alarm, anyone's) is what the badge counts. */
export interface InboxFilter {
  state: AlarmInboxState;
  owner: 'anyone' | 'me' | 'none';
}
export const DEFAULT_INBOX_FILTER: InboxFilter = { state: 'notResolved', owner: 'anyone' };

/**
 * `tenant`: the tenant a super admin acts in (null: their own), so a switch never shows the other's answer. The
 * badge and the panel with the default filter share one query.
 */
export function useAlarmInbox(tenant: number | null, filter: InboxFilter = DEFAULT_INBOX_FILTER) {
  return useQuery({
    queryKey: [...ALARM_INBOX_KEY, tenant, 'page', INBOX_PAGE_SIZE, filter.state, filter.owner],
    queryFn: ({ signal }) =>
      api.get<HydraCollection<AlarmInboxEntry>>('/api/alarm-inbox', {
        query: {
          itemsPerPage: INBOX_PAGE_SIZE,
          ...(filter.state === 'notResolved' ? {} : { state: filter.state }),
          ...(filter.owner === 'anyone' ? {} : { owner: filter.owner }),
        },
        signal,
      }),
    refetchOnWindowFocus: true,
    refetchInterval: INBOX_REFETCH_MS,
    staleTime: 0,
    // A failed refresh keeps the last answer; the panel says so when there is none.
    meta: { silent: true },
  });
}
