import { orderParams, panelPath, parsePanelId, parseTextPanelId, readOrder } from '../../web/src/common/list/listState';

/** The list screens' URL state: the panel id of the path and the sort of `?order=&dir=`. */
describe('list screen URL state', () => {
  it('reads a row id or new as the panel, anything else as no panel', () => {
    expect(parsePanelId('12')).toBe(12);
    expect(parsePanelId('new')).toBe('new');
    for (const raw of [undefined, '', '0', '-3', '1.5', 'abc', '12abc']) expect(parsePanelId(raw)).toBeUndefined();
  });

  it('reads a text id as it stands, for rows known by a text', () => {
    expect(parseTextPanelId('2026-05-04T10:00:00.000Z#c0ffee')).toBe('2026-05-04T10:00:00.000Z#c0ffee');
    expect(parseTextPanelId('new')).toBe('new');
    expect(parseTextPanelId('')).toBeUndefined();
    expect(parseTextPanelId(undefined)).toBeUndefined();
  });

  it('puts a panel id in one path segment: numbers as they are, a text escaped', () => {
    expect(panelPath('/users', 12)).toBe('/users/12');
    expect(panelPath('/users', 'new')).toBe('/users/new');
    const id = '2026-05-04T10:00:00.000Z#c0ffee/1?x';
    const path = panelPath('/audit', id);
    expect(new URL(path, 'https://console.test').pathname).toBe(path);
    expect(decodeURIComponent(path.slice('/audit/'.length))).toBe(id);
  });

  const sortFields = ['name', 'devEui', 'activationDate'];
  const fallback = { field: 'name', direction: 'asc' } as const;
  const order = (query: string) => readOrder(new URLSearchParams(query), sortFields, fallback);

  it('takes a sort the screen offers, ascending unless the URL says desc', () => {
    expect(order('order=devEui&dir=desc')).toEqual({ field: 'devEui', direction: 'desc' });
    expect(order('order=activationDate&dir=asc')).toEqual({ field: 'activationDate', direction: 'asc' });
    expect(order('order=devEui')).toEqual({ field: 'devEui', direction: 'asc' });
    expect(order('order=devEui&dir=sideways')).toEqual({ field: 'devEui', direction: 'asc' });
  });

  it('falls back to the default for no sort or one the screen does not offer', () => {
    expect(order('')).toBe(fallback);
    expect(order('order=password&dir=desc')).toBe(fallback);
    expect(readOrder(new URLSearchParams('order=name'), undefined, undefined)).toBeUndefined();
  });

  it("reads and writes the asset list's `?sort=<field>:<dir>` where a screen keeps that form", () => {
    const sorted = (query: string) => readOrder(new URLSearchParams(query), sortFields, fallback, 'sort');
    expect(sorted('sort=devEui:desc')).toEqual({ field: 'devEui', direction: 'desc' });
    expect(sorted('sort=devEui:asc')).toEqual({ field: 'devEui', direction: 'asc' });
    for (const query of ['', 'sort=devEui', 'sort=devEui:sideways', 'sort=password:asc', 'order=devEui&dir=desc']) {
      expect(sorted(query)).toBe(fallback);
    }
    expect(orderParams({ field: 'devEui', direction: 'desc' }, 'sort')).toEqual({ sort: 'devEui:desc' });
    expect(orderParams({ field: 'devEui', direction: 'desc' })).toEqual({ order: 'devEui', dir: 'desc' });
  });
});
