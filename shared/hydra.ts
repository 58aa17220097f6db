/** API Platform (Hydra) collection conventions shared by the API and the console (integrations.md s.4). */
export const DEFAULT_ITEMS_PER_PAGE = 30;
/** Largest page a client can ask for with itemsPerPage. */
export const MAX_ITEMS_PER_PAGE = 100;
/** pagination=false still returns at most this many members; hydra:totalItems tells the real count. */
export const UNPAGINATED_CAP = 1000;
/**
 * The most list items one request may read (docs/decisions/0007 and 0106): a deep page still reads the pages
 * before it, so page × itemsPerPage beyond this would outlast API Gateway's 29 s. Such a page answers 422.
 */
export const READ_BUDGET = 20_000;
/** The deepest page a client can ask for at this page size. */
export const lastReachablePage = (itemsPerPage: number) => Math.max(1, Math.floor(READ_BUDGET / itemsPerPage));

export interface HydraView {
  '@id': string;
  '@type': 'hydra:PartialCollectionView';
  'hydra:first'?: string;
  'hydra:last'?: string;
  'hydra:next'?: string;
  'hydra:previous'?: string;
}

export interface HydraCollection<T> {
  '@context': string;
  '@id': string;
  '@type': 'hydra:Collection';
  'hydra:member': T[];
  'hydra:totalItems': number;
  'hydra:view'?: HydraView;
}
