import { handlerEnvironment, type PortName } from '../../scripts/local/config';
import { call, tokenOf } from '../harness/api';
import { seedBenchTenant } from '../harness/bench-tenants';
import { readStack } from '../harness/stack';

/**
 * The asset list's read plans (docs/data-model.md, "Asset list"): what a page costs in items read (a count,
 * deterministic) and that paging stays correct where a filtered list stops counting. A tenant with more
 * assets than the filtered read budget is seeded with the benchmark's seed (same items as the API writes).
 */
type Asset = {
  id: number;
  version: number;
  name: string;
  reference: string | null;
  status: { status: string } | null;
  client: { id: number } | null;
};
type Collection = { 'hydra:member': Asset[]; 'hydra:totalItems': number; 'hydra:view'?: Record<string, string> };

const BIG = { subdomain: 'it-asset-list-3k', assetCount: 3_000, customerCount: 8 };
/** Below the filtered read budget whatever other files have added to the shared demo tenant before this one. */
const SMALL = { subdomain: 'it-asset-list-small', assetCount: 200, customerCount: 3 };
let budget: number;

describe('asset list read plans', () => {
  let admin: string;
  let superadmin: string;
  let bigTenant: { tenantId: number; biggestCustomer: { id: number; assets: number } };
  let smallTenant: { tenantId: number };
  const list = (query: string) => call<Collection>('GET', `/api/assets?${query}`, { token: admin });
  const bigList = (query: string) =>
    call<Collection>('GET', `/api/assets?${query}`, {
      token: superadmin,
      headers: { 'x-tenant-id': String(bigTenant.tenantId) },
    });
  const smallList = (query: string) =>
    call<Collection>('GET', `/api/assets?${query}`, {
      token: superadmin,
      headers: { 'x-tenant-id': String(smallTenant.tenantId) },
    });
  const read = (response: { headers: Headers }) => Number(response.headers.get('x-items-read'));
  const ids = (response: { body: Collection }) => response.body['hydra:member'].map((asset) => asset.id);

  let byReference: Asset[] | undefined;
  /** The big tenant's assets in reference order, read once (30 pages of 100) for the tests to compare with. */
  const allByReference = async () => {
    if (byReference) return byReference;
    const everything: Asset[] = [];
    for (let page = 1; page <= BIG.assetCount / 100; page++) {
      everything.push(...(await bigList(`itemsPerPage=100&page=${page}&order[reference]=asc`)).body['hydra:member']);
    }
    byReference = everything;
    return everything;
  };

  beforeAll(async () => {
    admin = await tokenOf('admin');
    superadmin = await tokenOf('superadmin');
    const stack = readStack();
    for (const [name, value] of Object.entries(stack.ports)) process.env[name as PortName] = String(value);
    Object.assign(process.env, handlerEnvironment(stack));
    ({ FILTERED_READ_BUDGET: budget } = await import('../../functions/lib/assets/asset-candidates'));
    bigTenant = await seedBenchTenant(BIG);
    smallTenant = await seedBenchTenant(SMALL);
  }, 240_000);

  it('skips to page N without fetching the pages before it, and reads N pages of items', async () => {
    const third = await list('itemsPerPage=20&page=3&order[reference]=asc');
    const firstSixty = await list('itemsPerPage=60&order[reference]=asc');
    expect(ids(third)).toEqual(ids(firstSixty).slice(40));
    // 40 list index entries skipped (Select: COUNT), the page's 20 entries, its 20 items by key.
    expect(read(third)).toBe(80);
    const fifty = await bigList('itemsPerPage=20&page=50');
    expect(fifty.body['hydra:member']).toHaveLength(20);
    // The default order's list index: 980 entries skipped, the page's 20, its 20 items by key.
    expect(read(fifty)).toBe(1_020);
    const beyond = await bigList('itemsPerPage=20&page=151');
    expect(beyond.body['hydra:member']).toEqual([]);
    expect(beyond.body['hydra:totalItems']).toBe(BIG.assetCount);
  });

  it('reads a small tenant’s candidates once for a filtered page, with an exact total', async () => {
    const all = await smallList('itemsPerPage=1');
    expect(all.body['hydra:totalItems']).toBeLessThan(budget);
    const response = await smallList('itemsPerPage=20&status=delivered');
    expect(response.status).toBe(200);
    expect(read(response)).toBeLessThanOrEqual(all.body['hydra:totalItems'] + 20);
    expect(response.headers.get('x-total-exact')).toBe('true');
  });

  it('stops a filtered page 1 at the read budget and says its total is a lower bound', async () => {
    const response = await bigList('itemsPerPage=20&status=delivered');
    expect(response.body['hydra:member']).toHaveLength(20);
    expect(read(response)).toBe(budget + 20);
    expect(response.headers.get('x-total-exact')).toBe('false');
    expect(response.body['hydra:totalItems']).toBeGreaterThan(20);
    expect(response.body['hydra:totalItems']).toBeLessThan(BIG.assetCount);
    expect(response.body['hydra:view']?.['hydra:next']).toContain('page=2');
  });

  it('pages a filtered list past the budget in the sort order, without gaps or repeats', async () => {
    const everything = await allByReference();
    const expected = everything.filter((asset) => asset.status?.status === 'delivered').map((asset) => asset.id);
    expect(expected.length).toBeGreaterThan(200);
    const paged: number[] = [];
    let last: Awaited<ReturnType<typeof bigList>> | undefined;
    // Until a page comes back short; the bound only stops a broken plan from looping forever.
    for (let page = 1; page <= BIG.assetCount / 100 + 1; page++) {
      last = await bigList(`itemsPerPage=100&page=${page}&order[reference]=asc&status=delivered`);
      paged.push(...ids(last));
      if (last.body['hydra:member'].length < 100) break;
    }
    expect(paged).toEqual(expected);
    expect(last?.headers.get('x-total-exact')).toBe('true');
    expect(last?.body['hydra:totalItems']).toBe(expected.length);
  });

  it('finds a search matching one asset deep in the list from the n-gram index, with an exact total', async () => {
    const response = await bigList('itemsPerPage=20&search=h-2507');
    expect(ids(response)).toEqual([1_507]);
    expect(response.body['hydra:totalItems']).toBe(1);
    expect(response.headers.get('x-total-exact')).toBe('true');
    // 4 grams × 4 postings (ids 1-3,000), the counter, the candidate and the page's item: not 3,000 assets.
    expect(read(response)).toBeLessThan(25);
  });

  it('reads a short search matching every asset in the list’s order, its total counted by the index', async () => {
    const response = await bigList('itemsPerPage=20&search=H-');
    expect(response.body['hydra:member']).toHaveLength(20);
    expect(response.body['hydra:totalItems']).toBe(BIG.assetCount);
    expect(response.headers.get('x-total-exact')).toBe('true');
    // The postings of the grams starting with "h-", the counter, then only the reads that fill the page.
    expect(read(response)).toBeLessThan(100);
    expect(read(response)).toBeLessThan(budget);
  });

  it('pages a search in the list’s order, as the unfiltered list orders it, its total exact or a true bound', async () => {
    const everything = await allByReference();
    const hit = (asset: Asset) => `${asset.name}\n${asset.reference ?? ''}`.toLowerCase().includes('h-25');
    const expected = everything.filter(hit).map((asset) => asset.id);
    expect(expected.length).toBeGreaterThan(60);
    const third = await bigList('itemsPerPage=20&page=3&order[reference]=asc&search=H-25');
    expect(ids(third)).toEqual(expected.slice(40, 60));
    // More candidates than a 3k tenant fetches (2%): read in order, the total a lower bound beyond the page.
    if (third.headers.get('x-total-exact') === 'true') expect(third.body['hydra:totalItems']).toBe(expected.length);
    else {
      expect(third.body['hydra:totalItems']).toBeGreaterThan(60);
      expect(third.body['hydra:totalItems']).toBeLessThanOrEqual(expected.length);
    }
    expect(read(third)).toBeLessThan(expected.length * 3);
    // Its last page is exact.
    const last = await bigList(
      `itemsPerPage=20&page=${Math.ceil(expected.length / 20)}&order[reference]=asc&search=H-25`,
    );
    expect(last.body['hydra:totalItems']).toBe(expected.length);
    expect(last.headers.get('x-total-exact')).toBe('true');
  });

  it('reads a customer’s page from its own index in the order, with an exact total from its count', async () => {
    const { id, assets } = bigTenant.biggestCustomer;
    const response = await bigList(`itemsPerPage=20&client=${id}&order[reference]=desc`);
    expect(response.body['hydra:totalItems']).toBe(assets);
    expect(response.headers.get('x-total-exact')).toBe('true');
    // 20 keys of the customer's reference index, the 20 items by key, the customer's counter.
    expect(read(response)).toBe(41);
    const third = await bigList(`itemsPerPage=20&page=3&client=${id}&order[reference]=desc`);
    expect(read(third)).toBe(81);
    const all = await bigList(`itemsPerPage=100&client=${id}&order[reference]=desc`);
    expect(ids(third)).toEqual(ids(all).slice(40, 60));
    const references = response.body['hydra:member'].map((asset) => (asset.reference ?? '').toLowerCase());
    expect(references).toEqual([...references].sort().reverse());
    for (const asset of response.body['hydra:member']) expect(asset.client?.id).toBe(id);
  });
});

describe('asset search index', () => {
  let admin: string;
  let superadmin: string;
  const search = (token: string, text: string, headers: Record<string, string> = {}) =>
    call<Collection>('GET', `/api/assets?pagination=false&search=${encodeURIComponent(text)}`, { token, headers });
  const found = (response: { body: Collection }) => response.body['hydra:member'].map((asset) => asset.id);

  beforeAll(async () => {
    [admin, superadmin] = await Promise.all([tokenOf('admin'), tokenOf('superadmin')]);
  });

  it('follows a create, a rename and a delete at once', async () => {
    const unique = `Catalogue-${Date.now()}`;
    const created = await call<Asset>('POST', '/api/assets', { token: admin, body: { name: `${unique}-a` } });
    expect(created.status).toBe(201);
    expect(found(await search(admin, unique.toUpperCase()))).toEqual([created.body.id]);
    const renamed = await call<Asset>('PUT', `/api/assets/${created.body.id}`, {
      token: admin,
      body: { name: 'Renamed asset', reference: `${unique}-ref`, version: created.body.version },
    });
    expect(renamed.status).toBe(200);
    expect(found(await search(admin, `${unique}-a`))).toEqual([]);
    expect(found(await search(admin, `${unique}-REF`))).toEqual([created.body.id]);
    expect((await call('DELETE', `/api/assets/${created.body.id}`, { token: admin })).status).toBe(204);
    const gone = await search(admin, unique);
    expect(found(gone)).toEqual([]);
    expect(gone.body['hydra:totalItems']).toBe(0);
    expect(gone.headers.get('x-total-exact')).toBe('true');
  });

  it('limits a client user’s search to their customer', async () => {
    const client = await tokenOf('client');
    const everything = (await search(admin, '')).body['hydra:member'];
    const named = (asset: Asset) => `${asset.name}\n${asset.reference ?? ''}`.toLowerCase().includes('h-');
    const own = everything.filter((asset) => asset.client?.id === 1 && named(asset));
    const foreign = everything.find((asset) => asset.client && asset.client.id !== 1) as Asset;
    expect(own.length).toBeGreaterThan(0);
    expect(found(await search(client, foreign.name))).toEqual([]);
    // A text in every asset's name: the index names them all, the customer filter keeps the client's own.
    const common = await search(client, 'h-');
    expect(found(common).sort((a, b) => a - b)).toEqual(own.map((asset) => asset.id).sort((a, b) => a - b));
    expect(common.body['hydra:totalItems']).toBe(own.length);
  });

  it('makes every one of many concurrent creates into one posting searchable, and repairs a lost id', async () => {
    const stack = readStack();
    for (const [name, value] of Object.entries(stack.ports)) process.env[name as PortName] = String(value);
    Object.assign(process.env, handlerEnvironment(stack));
    // A tenant without assets has no postings yet: every create below adds its id to the same ones.
    const { tenantId } = await seedBenchTenant({
      subdomain: 'it-asset-search-fresh',
      assetCount: 0,
      customerCount: 1,
    });
    const headers = { 'x-tenant-id': String(tenantId) };
    const names = Array.from({ length: 8 }, (_, i) => `Concurrent-${i}`);
    const created = await Promise.all(
      names.map((name) => call<Asset>('POST', '/api/assets', { token: superadmin, headers, body: { name } })),
    );
    expect(created.map((response) => response.status)).toEqual(names.map(() => 201));
    const response = await search(superadmin, 'concurrent-', headers);
    const ids = created.map((r) => r.body.id).sort((a, b) => a - b);
    expect(found(response).sort((a, b) => a - b)).toEqual(ids);
    expect(response.headers.get('x-total-exact')).toBe('true');

    // An id missing from a posting (data written before the index existed) is not found until the repair.
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const { dynamo, tableName } = await import('../../functions/lib/data/client');
    const { entryOf, postingKey } = await import('../../functions/lib/search/gram-index');
    const { repairSearchIndex } = await import('../../functions/lib/search/gram-repair');
    const { systemTenantContext } = await import('../../functions/lib/data/system-context');
    const ctx = systemTenantContext(tenantId);
    const lost = ids[0] as number;
    // "cur" starts at position 3 of "concurrent-…".
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: postingKey(ctx, 'ASSET', 'cur', lost),
        UpdateExpression: 'DELETE ids :offset',
        ExpressionAttributeValues: { ':offset': new Set([entryOf(lost, 3)]) },
      }),
    );
    expect(found(await search(superadmin, 'concurrent-', headers))).not.toContain(lost);
    const repaired = await repairSearchIndex(ctx, 'ASSET');
    expect(repaired.added).toBe(1);
    expect(found(await search(superadmin, 'concurrent-', headers)).sort((a, b) => a - b)).toEqual(ids);
    expect((await repairSearchIndex(ctx, 'ASSET')).added).toBe(0);
  });
});
