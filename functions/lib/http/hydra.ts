import { type HydraCollection, type HydraView, lastReachablePage } from '../../../shared/hydra';
import type { CollectionQuery } from './collection-query';

/** The Hydra collection envelope, with first/last/next/previous links that keep the caller's filters. */
export function toCollection<T>(
  path: string,
  query: Pick<CollectionQuery, 'page' | 'itemsPerPage' | 'paginate' | 'params'>,
  members: T[],
  totalItems: number,
): HydraCollection<T> {
  const collection: HydraCollection<T> = {
    '@context': `/api/contexts/${contextName(path)}`,
    '@id': path,
    '@type': 'hydra:Collection',
    'hydra:member': members,
    'hydra:totalItems': totalItems,
  };
  if (!query.paginate) return collection;
  // Links never lead past the read budget (parseCollectionQuery refuses those pages).
  const lastPage = Math.min(
    Math.max(1, Math.ceil(totalItems / query.itemsPerPage)),
    lastReachablePage(query.itemsPerPage),
  );
  const link = (page: number) => {
    const params = new URLSearchParams(query.params);
    params.set('page', String(page));
    return `${path}?${params.toString()}`;
  };
  const view: HydraView = {
    '@id': link(query.page),
    '@type': 'hydra:PartialCollectionView',
    'hydra:first': link(1),
    'hydra:last': link(lastPage),
  };
  if (query.page > 1) view['hydra:previous'] = link(Math.min(query.page - 1, lastPage));
  if (query.page < lastPage) view['hydra:next'] = link(query.page + 1);
  collection['hydra:view'] = view;
  return collection;
}

/** "/api/asset-profiles" -> "AssetProfile" (API Platform names contexts after the resource class). */
function contextName(path: string): string {
  const last = path.split('/').filter(Boolean).pop() ?? 'Resource';
  const singular = last.endsWith('ies') ? `${last.slice(0, -3)}y` : last.replace(/s$/, '');
  return singular
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}
