import type { HydraCollection } from '@shared/hydra';
import type { AlarmAssignee } from '@shared/schemas/alarm-handling';
import type { AssetAlarm } from '@shared/schemas/asset-alarm';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../api/apiClient';
import { notifySuccess } from '../common/notifications/notificationStore';

/** A step of an alarm's life, taken through the alarm's own path (`@id` + /assign, /acknowledge, /resolve). */
export type AlarmStepKind = 'assign' | 'acknowledge' | 'resolve';

export interface AlarmStepVariables {
  alarm: Pick<AssetAlarm, '@id' | 'assetId' | 'version'>;
  step: AlarmStepKind;
  comment?: string;
  owner?: number | null;
}

/** The inbox's and the Alarms tab's queries: both read again after any step (the live layer does so for others). */
const ALARM_QUERY_PREFIXES = [['alarm-inbox'], ['asset-alarms']] as const;

/**
 * Sends the version the screen showed, so a step on an alarm someone changed meanwhile answers 409: the query
 * client shows the API's translated text and the lists read again, showing what the other person did.
 */
export function useAlarmStep() {
  const queryClient = useQueryClient();
  const { t } = useTranslation('assetAlarms');
  return useMutation({
    mutationFn: ({ alarm, step, comment, owner }: AlarmStepVariables) =>
      api.put<AssetAlarm>(
        `${alarm['@id']}/${step}`,
        step === 'assign' ? { owner: owner ?? null, version: alarm.version } : { comment, version: alarm.version },
      ),
    onSuccess: (_alarm, { step }) => notifySuccess(t(`handling.done.${step}`)),
    onSettled: () =>
      Promise.all(ALARM_QUERY_PREFIXES.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] }))),
  });
}

/** The tenant's active staff users, for the assign dialog (staff only; read when the dialog opens). */
export function useAlarmAssignees(enabled: boolean) {
  return useQuery({
    queryKey: ['alarm-assignees'],
    queryFn: ({ signal }) =>
      api.get<HydraCollection<AlarmAssignee>>('/api/alarm-inbox/assignees', { query: { itemsPerPage: 100 }, signal }),
    enabled,
    staleTime: 60_000,
  });
}
