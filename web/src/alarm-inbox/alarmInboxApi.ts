import type { HydraCollection } from '@shared/hydra';
import type { AlarmInboxEntry } from '@shared/schemas/alarm-inbox';
import type { AssetAlarm } from '@shared/schemas/asset-alarm';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../api/apiClient';
import { notifySuccess } from '../common/notifications/notificationStore';

/**
 * The alarm inbox's queries live under this prefix: the live layer (web/src/live) invalidates it on every
 * alarm change it hears (docs: live-contract), so a new or acknowledged alarm shows at once; without push the
 * inbox still reads again on window focus and every minute.
 */
export const ALARM_INBOX_KEY = ['alarm-inbox'] as const;

/** The newest open alarms the inbox lists; the badge counts them all (up to the API's limit). */
export const INBOX_PAGE_SIZE = 20;
export const INBOX_REFETCH_MS = 60_000;

/** `tenant`: the tenant a super admin acts in (null: their own), so a switch never shows the other's answer. */
export function useAlarmInbox(tenant: number | null) {
  return useQuery({
    queryKey: [...ALARM_INBOX_KEY, tenant, 'page', INBOX_PAGE_SIZE],
    queryFn: ({ signal }) =>
      api.get<HydraCollection<AlarmInboxEntry>>('/api/alarm-inbox', {
        query: { itemsPerPage: INBOX_PAGE_SIZE },
        signal,
      }),
    refetchOnWindowFocus: true,
    refetchInterval: INBOX_REFETCH_MS,
    staleTime: 0,
    // A failed refresh keeps the last answer; the panel says so when there is none.
    meta: { silent: true },
  });
}

/**
 * Acknowledges through the alarm's own path (`@id` + /acknowledge: the asset's, or the device's for a tag
 * linked to no asset). A 409 (someone else was first) is notified by the query client with its translated
 * text; both outcomes read the inbox and the asset's alarms tab again.
 */
export function useAcknowledgeInboxAlarm() {
  const queryClient = useQueryClient();
  const { t } = useTranslation('assetAlarms');
  return useMutation({
    mutationFn: (alarm: AlarmInboxEntry) => api.put<AssetAlarm>(`${alarm['@id']}/acknowledge`, {}),
    onSuccess: () => notifySuccess(t('acknowledged')),
    onSettled: (_data, _error, alarm) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ALARM_INBOX_KEY }),
        alarm.assetId === null
          ? undefined
          : queryClient.invalidateQueries({ queryKey: ['asset-alarms', alarm.assetId] }),
      ]),
  });
}
