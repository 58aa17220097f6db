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

/** POST /api/users/{id}/erase: the account goes at once; the users list no longer has them. */
export function useErasure() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api.post<Erasure>(`/api/users/${userId}/erase`),
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: ['users'] }),
  });
}
