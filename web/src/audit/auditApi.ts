import { type HydraCollection, MAX_ITEMS_PER_PAGE } from '@shared/hydra';
import type { AuditEntry } from '@shared/schemas/audit-entry';
import { keepPreviousData, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/apiClient';
import type { ListRowsParams } from '../common/list/ListScreen';
import { type AuditFilterKey, auditQueryOf } from './auditFilters';

export const AUDIT_PAGE_SIZE = 20;

const auditKey = ['audit'] as const;
const listKey = [...auditKey, 'list'] as const;

type AuditPage = HydraCollection<AuditEntry>;

/** GET /api/audit: newest first, one page of the filtered log. */
export function useAuditList({ page, filters }: ListRowsParams<AuditFilterKey>) {
  const query = useQuery({
    queryKey: [...listKey, page, filters],
    queryFn: ({ signal }) =>
      api.get<AuditPage>('/api/audit', {
        query: { page, itemsPerPage: AUDIT_PAGE_SIZE, ...auditQueryOf(filters) },
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  return { data: query.data, isPending: query.isPending, isError: query.isError };
}

/** The entry among the list pages already read, so a row's panel opens without asking again. */
function listedEntry(queryClient: QueryClient, id: string): AuditEntry | undefined {
  for (const [, page] of queryClient.getQueriesData<AuditPage>({ queryKey: listKey }))
    for (const entry of page?.['hydra:member'] ?? []) if (entry.id === id) return entry;
  return undefined;
}

/**
 * One entry, for its panel. There is no route for one entry, but its id starts with its time
 * (`<at>#<requestId>`): a linked or reloaded panel reads the log of that instant and takes the entry from it.
 * Null when the log holds no such entry. Entries never change, so one read is enough.
 */
export function useAuditEntry(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...auditKey, 'entry', id],
    queryFn: async ({ signal }) => {
      const at = id.split('#')[0] ?? '';
      if (!id.includes('#') || Number.isNaN(Date.parse(at))) return null;
      const instant = await api.get<AuditPage>('/api/audit', {
        query: { 'at[after]': at, 'at[before]': at, itemsPerPage: MAX_ITEMS_PER_PAGE },
        signal,
      });
      return instant['hydra:member'].find((entry) => entry.id === id) ?? null;
    },
    initialData: () => listedEntry(queryClient, id),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
