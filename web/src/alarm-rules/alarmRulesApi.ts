import type { HydraCollection } from '@shared/hydra';
import type { Alarm, AlarmType } from '@shared/schemas/alarm';
import type { WorkingHours } from '@shared/schemas/working-hours';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/apiClient';
import type { ListRowsParams } from '../common/list/ListScreen';

/** The spec gives no page size for alarm rules; 20 as the other general lists. */
export const ALARM_RULES_PAGE_SIZE = 20;

/** What the panel sends (spec 000 s.7: name, type, text, email; version on update). */
export interface AlarmRulePayload {
  name: string;
  type: AlarmType;
  text: string;
  email: string | null;
  /** Time rules (6-9): hours or days; null for the other types. */
  duration: number | null;
  /** Moved outside working hours (10): the intervals per weekday and the distance in metres; null for the others. */
  working_hours: WorkingHours | null;
  move_distance: number | null;
  /** Repeat and escalation (docs/decisions/0317-alarm-repeats-and-escalation-per-rule.md); null and [] for none. */
  repeat_every: number | null;
  repeat_times: number | null;
  escalate_after: number | null;
  escalate_to: string | null;
  escalate_users: number[];
  version?: number;
}

const alarmRulesKey = ['alarm-rules'] as const;

/** GET /api/alarms, one page (spec 000 s.7: page -> members, total). */
export function useAlarmRuleList({ page }: ListRowsParams<never>) {
  return useQuery({
    queryKey: [...alarmRulesKey, 'list', page],
    queryFn: ({ signal }) =>
      api.get<HydraCollection<Alarm>>('/api/alarms', {
        query: { page, itemsPerPage: ALARM_RULES_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

export function useAlarmRule(id: number | undefined) {
  return useQuery({
    queryKey: [...alarmRulesKey, 'one', id],
    queryFn: ({ signal }) => api.get<Alarm>(`/api/alarms/${id}`, { signal }),
    enabled: id !== undefined,
    staleTime: 0,
  });
}

/** Save (create or update) and delete; both refresh the list. Save errors are shown on the panel's fields. */
export function useAlarmRuleMutations() {
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: ({ id, payload }: { id?: number; payload: AlarmRulePayload }) =>
      id === undefined ? api.post<Alarm>('/api/alarms', payload) : api.put<Alarm>(`/api/alarms/${id}`, payload),
    onSuccess: () => client.invalidateQueries({ queryKey: alarmRulesKey }),
    meta: { silent: true },
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete(`/api/alarms/${id}`),
    // The deleted rule's own query would answer 404 on a refetch: drop it instead.
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: [...alarmRulesKey, 'one', id] });
      return client.invalidateQueries({ queryKey: [...alarmRulesKey, 'list'] });
    },
  });
  return { save, remove };
}
