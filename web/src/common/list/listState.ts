/** The pure parts of a list screen's URL state (tested in test/unit/web-list-state.test.ts). */

/** A list's sort: the API's `order[<field>]=<direction>`. */
export interface ListOrder {
  field: string;
  direction: 'asc' | 'desc';
}

/** The order the URL names, when it is one the screen offers; else the default. */
export function readOrder(params: URLSearchParams, sortFields?: readonly string[], fallback?: ListOrder) {
  const field = params.get('order');
  if (!field || !sortFields?.includes(field)) return fallback;
  return { field, direction: params.get('dir') === 'desc' ? 'desc' : 'asc' } as ListOrder;
}

/** The panel's id: a row id, or 'new' for Add new. */
export type PanelId = number | 'new';

/** '12' -> 12, 'new' -> 'new', anything else (no panel, a bad id) -> undefined. */
export function parsePanelId(raw: string | undefined): PanelId | undefined {
  if (raw === 'new') return 'new';
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}
