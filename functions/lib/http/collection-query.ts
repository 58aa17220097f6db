import { MESSAGES, type Violation } from '../../../shared/errors';
import { DEFAULT_ITEMS_PER_PAGE, lastReachablePage, MAX_ITEMS_PER_PAGE, UNPAGINATED_CAP } from '../../../shared/hydra';
import { PAGE_TOO_DEEP } from '../../../shared/schemas/common';
import { badRequest, unprocessable } from './errors';

/**
 * API Platform's collection query conventions (integrations.md s.4): 1-based `page`, `itemsPerPage` up to a
 * maximum, `pagination=false` with a cap, `order[field]=asc|desc`, date filters `field[after|before|...]`,
 * the exists filter as `exists[field]=` and the deprecated `field[exists]=`. Unknown parameters are ignored;
 * a known filter with a value of the wrong kind answers 422 so the user learns why nothing matched.
 */
export type FilterKind = 'string' | 'int' | 'number' | 'boolean';

export interface CollectionSpec {
  filters?: Record<string, FilterKind>;
  orders?: readonly string[];
  dates?: readonly string[];
  exists?: readonly string[];
  defaultOrder?: OrderBy;
  defaultItemsPerPage?: number;
}

export interface OrderBy {
  field: string;
  direction: 'asc' | 'desc';
}

export type DateBound = 'after' | 'before' | 'strictly_after' | 'strictly_before';

export interface CollectionQuery {
  page: number;
  itemsPerPage: number;
  paginate: boolean;
  order: OrderBy[];
  filters: Record<string, (string | number | boolean)[]>;
  dates: Record<string, Partial<Record<DateBound, Date>>>;
  exists: Record<string, boolean>;
  /** The raw parameters, for hydra:view links. */
  params: URLSearchParams;
}

const TRUE = new Set(['1', 'true', 'on', 'yes']);
const FALSE = new Set(['0', 'false', 'off', 'no', '']);
const DATE_BOUNDS: readonly DateBound[] = ['after', 'before', 'strictly_after', 'strictly_before'];

/** "order[client.company]" -> ["order", "client.company"]; "name" -> ["name", undefined]; "p[]" -> ["p", ""]. */
function splitKey(key: string): [string, string | undefined] {
  const match = /^([^[\]]+)\[([^\]]*)\]$/.exec(key);
  return match ? [match[1] as string, match[2] as string] : [key, undefined];
}

function parseBoolean(value: string): boolean | undefined {
  const lower = value.toLowerCase();
  if (TRUE.has(lower)) return true;
  if (FALSE.has(lower)) return false;
  return undefined;
}

function parseFilterValue(kind: FilterKind, value: string): string | number | boolean | undefined {
  switch (kind) {
    case 'string':
      return value;
    case 'int':
      return /^-?\d+$/.test(value.trim()) ? Number(value) : undefined;
    case 'number':
      return value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : undefined;
    case 'boolean':
      return parseBoolean(value);
  }
}

function parsePositiveInt(name: string, value: string | null, fallback: number): number {
  if (value === null || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw badRequest(`${name} must be a positive integer.`);
  return n;
}

export function parseCollectionQuery(rawQueryString: string, spec: CollectionSpec): CollectionQuery {
  const params = new URLSearchParams(rawQueryString ?? '');
  const query: CollectionQuery = {
    page: parsePositiveInt('page', params.get('page'), 1),
    itemsPerPage: Math.min(
      parsePositiveInt('itemsPerPage', params.get('itemsPerPage'), spec.defaultItemsPerPage ?? DEFAULT_ITEMS_PER_PAGE),
      MAX_ITEMS_PER_PAGE,
    ),
    paginate: parseBoolean(params.get('pagination') ?? 'true') !== false,
    order: [],
    filters: {},
    dates: {},
    exists: {},
    params,
  };
  if (!query.paginate) {
    query.page = 1;
    query.itemsPerPage = UNPAGINATED_CAP;
  }
  const violations: Violation[] = [];
  // Every list reads the pages before the one asked for: past the read budget a page is refused, not read.
  if (query.page > lastReachablePage(query.itemsPerPage))
    violations.push({ propertyPath: 'page', message: PAGE_TOO_DEEP });
  for (const [key, value] of params) {
    const [name, inner] = splitKey(key);
    if (name === 'order' && inner && spec.orders?.includes(inner)) {
      const direction = value.toLowerCase();
      if (direction === 'asc' || direction === 'desc') query.order.push({ field: inner, direction });
    } else if (name === 'exists' && inner && spec.exists?.includes(inner)) {
      const flag = parseBoolean(value);
      if (flag !== undefined) query.exists[inner] = flag;
    } else if (inner === 'exists' && spec.exists?.includes(name)) {
      const flag = parseBoolean(value);
      if (flag !== undefined) query.exists[name] = flag;
    } else if (inner && DATE_BOUNDS.includes(inner as DateBound) && spec.dates?.includes(name)) {
      const date = new Date(value);
      if (Number.isNaN(date.getTime())) violations.push({ propertyPath: key, message: MESSAGES.invalidDate });
      else query.dates[name] = { ...query.dates[name], [inner]: date };
    } else if ((inner === undefined || inner === '') && spec.filters?.[name]) {
      if (value === '') continue; // empty values are stripped, as the console does
      const parsed = parseFilterValue(spec.filters[name], value);
      if (parsed === undefined) violations.push({ propertyPath: name, message: MESSAGES.mustBeNumber });
      else query.filters[name] = [...(query.filters[name] ?? []), parsed];
    }
  }
  if (violations.length) throw unprocessable(violations);
  if (query.order.length === 0 && spec.defaultOrder) query.order.push(spec.defaultOrder);
  return query;
}
