import type {
  AlarmNoticeDefaults,
  AlarmNoticeDefaultsInput,
  AlarmNoticePreferences,
  NoticeSettings,
} from '@shared/schemas/alarm-notice';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/apiClient';

const OWN = ['alarm-notices', 'me'] as const;
const DEFAULTS = ['alarm-notices', 'defaults'] as const;

/** GET/PUT/DELETE /api/alarm-notices/me: the caller's own alarm notices (or their role's defaults). */
export function useOwnAlarmNotices() {
  const client = useQueryClient();
  const own = useQuery({
    queryKey: OWN,
    queryFn: ({ signal }) => api.get<AlarmNoticePreferences>('/api/alarm-notices/me', { signal }),
  });
  const save = useMutation({
    mutationFn: (settings: NoticeSettings) => api.put<AlarmNoticePreferences>('/api/alarm-notices/me', settings),
    // The form shows a failure itself (on its field, or as a notice).
    meta: { silent: true },
    onSuccess: (saved) => client.setQueryData(OWN, saved),
  });
  const reset = useMutation({
    mutationFn: () => api.delete('/api/alarm-notices/me'),
    onSuccess: () => client.invalidateQueries({ queryKey: OWN }),
  });
  return { own, save, reset };
}

/** GET/PUT /api/alarm-notices/defaults (administrators): per role and per rule. */
export function useAlarmNoticeDefaults(enabled: boolean) {
  const client = useQueryClient();
  const defaults = useQuery({
    queryKey: DEFAULTS,
    queryFn: ({ signal }) => api.get<AlarmNoticeDefaults>('/api/alarm-notices/defaults', { signal }),
    enabled,
  });
  const save = useMutation({
    mutationFn: (input: AlarmNoticeDefaultsInput) => api.put<AlarmNoticeDefaults>('/api/alarm-notices/defaults', input),
    meta: { silent: true },
    onSuccess: (saved) => {
      client.setQueryData(DEFAULTS, saved);
      // One's own view shows the defaults while one has no choice of one's own.
      return client.invalidateQueries({ queryKey: OWN });
    },
  });
  return { defaults, save };
}

/** The defaults as the PUT takes them: the roles that have one, and the rules' roles. */
export const defaultsInputOf = (defaults: AlarmNoticeDefaults): AlarmNoticeDefaultsInput => ({
  roles: Object.fromEntries(Object.entries(defaults.roles).filter(([, settings]) => settings !== null)),
  rules: defaults.rules,
});
