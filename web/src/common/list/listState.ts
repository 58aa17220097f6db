/** The pure parts of a list screen's URL state (tested in test/unit/web-list-state.test.ts). */

/** A list's sort: the API's `order[<field>]=<direction>`. */
export interface ListOrder {
  field: string;
  direction: 'asc' | 'desc';
}

/**
 * How a list writes its sort in the URL: 'order' as `?order=<field>&dir=<asc|desc>` (every list's), 'sort' as
 * `?sort=<field>:<asc|desc>` (the asset list's, whose links were shared in that form before it was a ListScreen).
 */
export type OrderParam = 'order' | 'sort';

/** The order the URL names, when it is one the screen offers; else the default. */
export function readOrder(
  params: URLSearchParams,
  sortFields?: readonly string[],
  fallback?: ListOrder,
  style: OrderParam = 'order',
): ListOrder | undefined {
  if (style === 'sort') {
    const [field, direction] = (params.get('sort') ?? '').split(':');
    const known = field && sortFields?.includes(field) && (direction === 'asc' || direction === 'desc');
    return known ? { field, direction } : fallback;
  }
  const field = params.get('order');
  if (!field || !sortFields?.includes(field)) return fallback;
  return { field, direction: params.get('dir') === 'desc' ? 'desc' : 'asc' };
}

/** The URL parameters that say `order` in the list's style. */
export function orderParams(order: ListOrder, style: OrderParam = 'order'): Record<string, string> {
  return style === 'sort'
    ? { sort: `${order.field}:${order.direction}` }
    : { order: order.field, dir: order.direction };
}

/** What a row is known by: most entities by a number, a few (audit entries) by a text. */
export type RowId = number | string;

/** The panel's id: a row id, or 'new' for Add new. */
export type PanelId<Id extends RowId = number> = Id | 'new';

/** '12' -> 12, 'new' -> 'new', anything else (no panel, a bad id) -> undefined. */
export function parsePanelId(raw: string | undefined): PanelId | undefined {
  if (raw === 'new') return 'new';
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/**
 * For rows known by a text: the path segment as the router decoded it ('2026-05-04T10:00:00.000Z#abc'), or
 * undefined for none. Such a screen has no Add new, so 'new' is an id like any other.
 */
export function parseTextPanelId(raw: string | undefined): string | undefined {
  return raw ? raw : undefined;
}

/**
 * The address of a row's panel. The id is one path segment, escaped: a text id may hold '#', '?' or '/', which
 * would otherwise end the path; a number or 'new' reads as it is.
 */
export const panelPath = (basePath: string, id: RowId) => `${basePath}/${encodeURIComponent(String(id))}`;
