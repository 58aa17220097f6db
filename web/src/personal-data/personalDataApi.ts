import type { Erasure, PersonalData } from '@shared/schemas/personal-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/apiClient';

/** POST /api/users/{id}/personal-data: what the product holds about the person (an audited write). */
export function usePersonalDataExport() {
  return useMutation({
    mutationFn: (userId: number) => api.post<PersonalData>(`/api/users/${userId}/personal-data`),
    // The section shows a failure itself.
    meta: { silent: true },
  });
}

/**
 * POST /api/users/{id}/erase: the account goes at once; the users list, a customer's users and the customers
 * (their account manager) no longer have them.
 */
export function useErasure() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api.post<Erasure>(`/api/users/${userId}/erase`),
    meta: { silent: true },
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['users'] }),
        client.invalidateQueries({ queryKey: ['customers'] }),
      ]),
  });
}
