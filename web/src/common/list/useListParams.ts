import { useCallback, useMemo } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { type ListOrder, type OrderParam, orderParams, panelPath, type RowId, readOrder } from './listState';

export type { ListOrder } from './listState';

export interface ListParamsOptions<K extends string> {
  /** Filter names kept in the URL (the filter drawer's fields). */
  filterKeys: readonly K[];
  /**
   * Where the open panel's id lives. With `basePath` ('/users') it is the path segment of a `:id` route
   * (/users/12, /users/new; a text id escaped, listState's panelPath) so a panel can be linked; without it, the
   * `open` search parameter.
   */
  basePath?: string;
  /** The sort fields the screen offers: `?order=<field>&dir=asc|desc` is read only when it names one of them. */
  sortFields?: readonly string[];
  /** The order when the URL names none (it is then left out of the URL). */
  defaultOrder?: ListOrder;
  /** How the sort reads in the URL (listState's OrderParam); 'order' unless the screen's links say otherwise. */
  orderParam?: OrderParam;
}

export type Filters<K extends string> = Partial<Record<K, string>>;

/** A list screen's state in the URL: page, search, filters and the open panel survive reload, Back and links. */
export function useListParams<K extends string>({
  filterKeys,
  basePath,
  sortFields,
  defaultOrder,
  orderParam,
}: ListParamsOptions<K>) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { id: pathId } = useParams();

  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const search = params.get('search') ?? '';
  const filterText = filterKeys.map((key) => `${key}=${params.get(key) ?? ''}`).join('&');
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterText is the stable digest of the filter values
  const filters = useMemo(() => {
    const found: Filters<K> = {};
    for (const key of filterKeys) {
      const value = params.get(key);
      if (value) found[key] = value;
    }
    return found;
  }, [filterText]);
  const panelId = basePath ? pathId : (params.get('open') ?? undefined);
  const urlOrder = readOrder(params, sortFields, defaultOrder, orderParam);
  const orderField = urlOrder?.field;
  const orderDirection = urlOrder?.direction;
  const order = useMemo(
    () => (orderField && orderDirection ? { field: orderField, direction: orderDirection } : undefined),
    [orderField, orderDirection],
  );

  /** Changes some parameters; anything but a page change sends the list back to page 1. */
  const update = useCallback(
    (changes: Record<string, string | undefined>) => {
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      });
    },
    [setParams],
  );

  const setFilters = useCallback(
    (values: Filters<K>) =>
      update(Object.fromEntries(filterKeys.map((key) => [key, values[key]?.toString().trim() || undefined]))),
    [update, filterKeys],
  );

  const query = params.toString();
  const openPanel = useCallback(
    (id: RowId) => {
      if (basePath) navigate({ pathname: panelPath(basePath, id), search: query });
      else setParams((current) => new URLSearchParams([...current, ['open', String(id)]]));
    },
    [basePath, navigate, query, setParams],
  );

  const closePanel = useCallback(() => {
    if (basePath) navigate({ pathname: basePath, search: query });
    else
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.delete('open');
        return next;
      });
  }, [basePath, navigate, query, setParams]);

  return {
    page,
    search,
    filters,
    hasFilters: Object.keys(filters).length > 0,
    panelId,
    setPage: (next: number) => update({ page: next > 1 ? String(next) : undefined }),
    setSearch: useCallback((value: string) => update({ search: value || undefined }), [update]),
    setFilters,
    order,
    /** A new sort starts at page 1. */
    setOrder: useCallback((next: ListOrder) => update(orderParams(next, orderParam)), [update, orderParam]),
    openPanel,
    closePanel,
  };
}
