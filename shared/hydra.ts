/** API Platform (Hydra) collection conventions shared by the API and the console (integrations.md s.4). */
export const DEFAULT_ITEMS_PER_PAGE = 30;
/** Largest page a client can ask for with itemsPerPage. */
export const MAX_ITEMS_PER_PAGE = 100;
/** pagination=false still returns at most this many members; hydra:totalItems tells the real count. */
export const UNPAGINATED_CAP = 1000;

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
