import {
  type RecoveryCodes,
  type SecondFactorPolicy,
  type SecondFactorPolicySettings,
  type SecondFactorSetup,
  type SecondFactorStatus,
  type SecondFactorTurnOffInput,
  secondFactorPolicySettingsSchema,
  secondFactorStatusSchema,
} from '@shared/schemas/second-factor';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/apiClient';

const OWN = ['second-factor', 'own'] as const;
const POLICY = ['second-factor', 'policy'] as const;

/** GET /api/me/second-factor: whether mine is on, and how many recovery codes are left. */
export function useOwnSecondFactor() {
  return useQuery({
    queryKey: OWN,
    queryFn: async (): Promise<SecondFactorStatus> =>
      secondFactorStatusSchema.parse(await api.get('/api/me/second-factor')),
  });
}

/** The two steps of setting mine up: a new key (password again), then the app's first code. */
export function useOwnSecondFactorSetup() {
  const client = useQueryClient();
  const start = useMutation({
    mutationFn: (password: string) => api.post<SecondFactorSetup>('/api/me/second-factor/setup', { password }),
    meta: { silent: true },
  });
  const confirm = useMutation({
    mutationFn: (input: { password: string; code: string }) => api.post<RecoveryCodes>('/api/me/second-factor', input),
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: OWN }),
  });
  return { start, confirm };
}

/** Turning mine off: the password and the app's code or a recovery code. */
export function useTurnOffOwnSecondFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SecondFactorTurnOffInput) => api.post('/api/me/second-factor/turn-off', input),
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: OWN }),
  });
}

/*
 * Every mutation here is `silent`: its caller shows a failure itself (on the form's fields, or as a notice), so
 * the query client's own notice would say it twice.
 */

/** Which roles of the tenant must use a second factor (administrators). */
export function useSecondFactorPolicy() {
  const client = useQueryClient();
  const policy = useQuery({
    queryKey: POLICY,
    queryFn: async (): Promise<SecondFactorPolicySettings> =>
      secondFactorPolicySettingsSchema.parse(await api.get('/api/second-factor-settings')),
  });
  const save = useMutation({
    mutationFn: (input: SecondFactorPolicy & { version: number | null }) =>
      api.put<SecondFactorPolicySettings>('/api/second-factor-settings', input),
    meta: { silent: true },
    onSuccess: (saved) => client.setQueryData(POLICY, saved),
  });
  return { policy, save };
}

/** An administrator turns off a user's second factor (a lost device); the user is mailed. */
export function useSecondFactorReset() {
  return useMutation({
    mutationFn: (userId: number) => api.post(`/api/users/${userId}/second-factor/reset`),
    meta: { silent: true },
  });
}
