import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

export type SortDirection = 'asc' | 'desc';
export interface ListSort {
  field: string;
  direction: SortDirection;
}

export interface UrlListState<F extends string> {
  /** Zero-based page; the URL shows it one-based. */
  page: number;
  sort: ListSort;
  filters: Partial<Record<F, string>>;
  setPage: (page: number) => void;
  setSort: (sort: ListSort) => void;
  /** Replaces the filters and goes back to the first page (spec 000 s.2). */
  setFilters: (filters: Partial<Record<F, string>>) => void;
  /** The current query string, to keep the list as it is when a panel opens or closes. */
  search: string;
}

/**
 * The list's page, sort and filters live in the URL, so a list can be linked and reloaded and Back
 * restores it. Empty filters are left out of the URL.
 */
export function useUrlListState<F extends string>(filterKeys: readonly F[], defaultSort: ListSort): UrlListState<F> {
  const [params, setParams] = useSearchParams();

  const page = Math.max(0, (Number.parseInt(params.get('page') ?? '1', 10) || 1) - 1);
  const sortParam = params.get('sort');
  const sort = useMemo<ListSort>(() => {
    const [field, direction] = (sortParam ?? '').split(':');
    return field && (direction === 'asc' || direction === 'desc') ? { field, direction } : defaultSort;
  }, [sortParam, defaultSort]);
  const filterText = filterKeys.map((key) => params.get(key) ?? '').join('\u0000');
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterText is the value of the filter params
  const filters = useMemo(() => {
    const out: Partial<Record<F, string>> = {};
    for (const key of filterKeys) {
      const value = params.get(key);
      if (value) out[key] = value;
    }
    return out;
  }, [filterText]);

  const update = useCallback(
    (change: (next: URLSearchParams) => void) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          change(next);
          return next;
        },
        { replace: false },
      ),
    [setParams],
  );

  const setPage = useCallback(
    (next: number) => update((p) => (next > 0 ? p.set('page', String(next + 1)) : p.delete('page'))),
    [update],
  );
  const setSort = useCallback(
    (next: ListSort) =>
      update((p) => {
        p.set('sort', `${next.field}:${next.direction}`);
        p.delete('page');
      }),
    [update],
  );
  const setFilters = useCallback(
    (next: Partial<Record<F, string>>) =>
      update((p) => {
        for (const key of filterKeys) {
          const value = next[key]?.trim();
          if (value) p.set(key, value);
          else p.delete(key);
        }
        p.delete('page');
      }),
    [update, filterKeys],
  );

  const search = params.toString();
  return { page, sort, filters, setPage, setSort, setFilters, search: search ? `?${search}` : '' };
}
