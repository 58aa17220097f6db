import type { UtilisationReport } from '@shared/schemas/utilisation';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../api/apiClient';

export interface UtilisationFilter {
  from: string;
  to: string;
  client: number | null;
}

/** YYYY-MM of `now` moved by `months` (local time: the console runs in the user's zone, the months are the API's). */
export function monthOf(now: Date, months = 0): string {
  const first = new Date(now.getFullYear(), now.getMonth() + months, 1);
  return `${first.getFullYear()}-${String(first.getMonth() + 1).padStart(2, '0')}`;
}

export const utilisationQuery = ({ from, to, client }: UtilisationFilter) =>
  queryOptions({
    queryKey: ['utilisation', from, to, client],
    queryFn: () =>
      api.get<UtilisationReport>('/api/utilisation', { query: { from, to, ...(client ? { client } : {}) } }),
    placeholderData: keepPreviousData,
  });

/** The profiles of any month in the range, in the API's order (named profiles first, "no profile" last). */
export function profilesOf(report: UtilisationReport): { key: string; id: number | null; name: string | null }[] {
  const seen = new Map<string, { key: string; id: number | null; name: string | null }>();
  for (const month of report.months) {
    for (const row of month.profiles) {
      const key = row.profile ? String(row.profile.id) : 'none';
      if (!seen.has(key)) seen.set(key, { key, id: row.profile?.id ?? null, name: row.profile?.name ?? null });
    }
  }
  return [...seen.values()].sort((a, b) => (a.id === null ? 1 : b.id === null ? -1 : 0));
}
