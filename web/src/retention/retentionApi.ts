import { type RetentionInput, type RetentionSettings, retentionSettingsSchema } from '@shared/schemas/retention';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/apiClient';

const KEY = ['retention-settings'] as const;

/** GET/PUT /api/retention-settings: how long the tenant keeps each kind of record (administrators). */
export function useRetentionSettings() {
  const client = useQueryClient();
  const settings = useQuery({
    queryKey: KEY,
    queryFn: async (): Promise<RetentionSettings> =>
      retentionSettingsSchema.parse(await api.get('/api/retention-settings')),
  });
  const save = useMutation({
    mutationFn: (input: RetentionInput) => api.put<RetentionSettings>('/api/retention-settings', input),
    // The form shows a failure itself (on the period's field, or as a notice).
    meta: { silent: true },
    onSuccess: (saved) => client.setQueryData(KEY, saved),
    // After a 409 the other administrator's periods (and version) are what the next save builds on.
    onError: () => client.invalidateQueries({ queryKey: KEY }),
  });
  return { settings, save };
}
