import { parseCollectionQuery } from '../../functions/lib/http/collection-query';
import type { HttpError } from '../../functions/lib/http/errors';
import { toCollection } from '../../functions/lib/http/hydra';
import { MAX_ITEMS_PER_PAGE, UNPAGINATED_CAP } from '../../shared/hydra';
import { PAGE_TOO_DEEP } from '../../shared/schemas/common';

const spec = {
  filters: { id: 'int', search: 'string', daysOutsideGeoZone: 'number' } as const,
  orders: ['reference', 'client.company'],
  dates: ['scheduled'],
  exists: ['asset'],
  defaultOrder: { field: 'days_outside_geo_zone', direction: 'desc' } as const,
};

const errorOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error as HttpError;
  }
  throw new Error('expected an error');
};

describe('parseCollectionQuery', () => {
  it('reads page, itemsPerPage, order, dates and filters', () => {
    const q = parseCollectionQuery(
      'page=3&itemsPerPage=20&order[client.company]=desc&scheduled[after]=2026-01-01&scheduled[strictly_before]=2026-02-01&id=7&search=reel',
      spec,
    );
    expect(q).toMatchObject({
      page: 3,
      itemsPerPage: 20,
      paginate: true,
      order: [{ field: 'client.company', direction: 'desc' }],
    });
    expect(q.filters).toEqual({ id: [7], search: ['reel'] });
    expect(q.dates.scheduled?.after?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(q.dates.scheduled?.strictly_before?.toISOString()).toBe('2026-02-01T00:00:00.000Z');
  });

  it('falls back to the default order and ignores unknown parameters and unknown sort fields', () => {
    const q = parseCollectionQuery('order[password]=asc&foo=bar&name=x', spec);
    expect(q.order).toEqual([spec.defaultOrder]);
    expect(q.filters).toEqual({});
  });

  it('accepts both exists syntaxes', () => {
    expect(parseCollectionQuery('asset[exists]=false', spec).exists).toEqual({ asset: false });
    expect(parseCollectionQuery('exists[asset]=1', spec).exists).toEqual({ asset: true });
  });

  it('caps itemsPerPage and turns pagination=false into one capped page', () => {
    expect(parseCollectionQuery('itemsPerPage=5000', spec).itemsPerPage).toBe(MAX_ITEMS_PER_PAGE);
    expect(parseCollectionQuery('pagination=false&page=4', spec)).toMatchObject({
      paginate: false,
      page: 1,
      itemsPerPage: UNPAGINATED_CAP,
    });
  });

  it('answers 400 for a page that is not a positive integer', () => {
    expect(errorOf(() => parseCollectionQuery('page=0', spec)).status).toBe(400);
    expect(errorOf(() => parseCollectionQuery('page=abc', spec)).status).toBe(400);
  });

  it('answers 422 with the spec messages for a non-numeric number filter or a bad date', () => {
    const error = errorOf(() => parseCollectionQuery('id=abc&scheduled[after]=yesterday', spec));
    expect(error.status).toBe(422);
    expect(error.violations).toEqual([
      { propertyPath: 'id', message: 'Must be a number' },
      { propertyPath: 'scheduled[after]', message: 'Invalid date format' },
    ]);
  });

  it('refuses a page beyond the read budget (page × itemsPerPage > 20,000) with 422 on page', () => {
    expect(parseCollectionQuery('page=200&itemsPerPage=100', spec).page).toBe(200);
    expect(parseCollectionQuery('page=666', spec).page).toBe(666);
    for (const query of ['page=100000', 'page=201&itemsPerPage=100', 'page=667', 'page=20001&itemsPerPage=1']) {
      const error = errorOf(() => parseCollectionQuery(query, spec));
      expect(error.status).toBe(422);
      expect(error.violations).toEqual([{ propertyPath: 'page', message: PAGE_TOO_DEEP }]);
    }
    // pagination=false reads one capped page whatever page says.
    expect(parseCollectionQuery('page=100000&pagination=false', spec).page).toBe(1);
  });

  it('strips empty filter values, as the console does', () => {
    expect(parseCollectionQuery('id=&search=', spec).filters).toEqual({});
  });
});

describe('toCollection', () => {
  const params = new URLSearchParams('search=reel&page=2');
  it('builds hydra:view links that keep the filters', () => {
    const c = toCollection('/api/assets', { page: 2, itemsPerPage: 10, paginate: true, params }, [1, 2], 35);
    expect(c['@type']).toBe('hydra:Collection');
    expect(c['hydra:totalItems']).toBe(35);
    expect(c['hydra:view']).toEqual({
      '@id': '/api/assets?search=reel&page=2',
      '@type': 'hydra:PartialCollectionView',
      'hydra:first': '/api/assets?search=reel&page=1',
      'hydra:last': '/api/assets?search=reel&page=4',
      'hydra:previous': '/api/assets?search=reel&page=1',
      'hydra:next': '/api/assets?search=reel&page=3',
    });
  });

  it('never links past the read budget', () => {
    const view = toCollection('/api/x', { page: 1, itemsPerPage: 100, paginate: true, params }, [], 100_000)[
      'hydra:view'
    ];
    expect(view?.['hydra:last']).toBe('/api/x?search=reel&page=200');
  });

  it('has no next link on the last page and no view without pagination', () => {
    expect(
      toCollection('/api/x', { page: 4, itemsPerPage: 10, paginate: true, params }, [], 35)['hydra:view'],
    ).not.toHaveProperty('hydra:next');
    expect(toCollection('/api/x', { page: 1, itemsPerPage: 10, paginate: false, params }, [], 35)).not.toHaveProperty(
      'hydra:view',
    );
  });
});
