import { call, tokenOf } from '../harness/api';

/**
 * A deep page still reads every page before it, so page × itemsPerPage is capped at the
 * read budget (20,000) on every collection, in parseCollectionQuery. Beyond it: 422 on `page`, nothing read.
 */
const COLLECTIONS = [
  '/api/assets',
  '/api/devices',
  '/api/clients',
  '/api/users',
  '/api/alarms',
  '/api/asset-profile-definitions',
  '/api/device-profiles',
  '/api/tokens',
  '/api/tenants',
];
const TOO_DEEP =
  'This page is too far back: page × itemsPerPage may be at most 20,000. Narrow the search or change the order';

describe('page cap', () => {
  it.each(COLLECTIONS)('answers 422 on page for %s?page=100000', async (path) => {
    const answer = await call<{ violations: unknown[] }>('GET', `${path}?page=100000`, {
      token: await tokenOf('admin'),
    });
    expect(answer.status).toBe(422);
    expect(answer.body.violations).toEqual([{ propertyPath: 'page', message: TOO_DEEP }]);
  });

  it('counts the page size too: page 201 of 100 is refused, page 200 of 100 is served', async () => {
    const token = await tokenOf('admin');
    expect((await call('GET', '/api/assets?page=201&itemsPerPage=100', { token })).status).toBe(422);
    const last = await call<{ 'hydra:member': unknown[] }>('GET', '/api/assets?page=200&itemsPerPage=100', { token });
    expect(last.status).toBe(200);
    expect(last.body['hydra:member']).toEqual([]);
  });

  it('refuses a deep page of a search (a filtered list) the same way', async () => {
    const token = await tokenOf('admin');
    const search = await call('GET', '/api/assets?search=reel&page=5000', { token });
    expect(search.status).toBe(422);
  });
});
