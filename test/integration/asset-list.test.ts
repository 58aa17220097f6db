import { handlerEnvironment, type PortName } from '../../scripts/local/config';
import { call, tokenOf } from '../harness/api';
import { readStack } from '../harness/stack';

/**
 * The asset list's read plans (docs/data-model.md, "Asset list"): what a page costs in items read (a count,
 * deterministic) and that paging stays correct where a filtered list stops counting. A tenant with more
 * assets than the filtered read budget is seeded with the benchmark's seed (same items as the API writes).
 */
type Asset = { id: number; reference: string | null; status: { status: string } | null; client: { id: number } | null };
type Collection = { 'hydra:member': Asset[]; 'hydra:totalItems': number; 'hydra:view'?: Record<string, string> };

const BIG = { subdomain: 'it-asset-list-3k', assetCount: 3_000, customerCount: 8 };
let budget: number;

describe('asset list read plans', () => {
  let admin: string;
  let superadmin: string;
  let bigTenant: { tenantId: number; biggestCustomer: { id: number; assets: number } };
  const list = (query: string) => call<Collection>('GET', `/api/assets?${query}`, { token: admin });
  const bigList = (query: string) =>
    call<Collection>('GET', `/api/assets?${query}`, {
      token: superadmin,
      headers: { 'x-tenant-id': String(bigTenant.tenantId) },
    });
  const read = (response: { headers: Headers }) => Number(response.headers.get('x-items-read'));
  const ids = (response: { body: Collection }) => response.body['hydra:member'].map((asset) => asset.id);

  beforeAll(async () => {
    admin = await tokenOf('admin');
    superadmin = await tokenOf('superadmin');
    const stack = readStack();
    for (const [name, value] of Object.entries(stack.ports)) process.env[name as PortName] = String(value);
    Object.assign(process.env, handlerEnvironment(stack));
    const { ensureBenchTenant } = await import('../../scripts/bench/seed-assets');
    ({ FILTERED_READ_BUDGET: budget } = await import('../../functions/lib/assets/asset-candidates'));
    bigTenant = await ensureBenchTenant(BIG);
  }, 240_000);

  it('skips to page N without fetching the pages before it, and reads N pages of items', async () => {
    const third = await list('itemsPerPage=20&page=3&order[reference]=asc');
    const firstSixty = await list('itemsPerPage=60&order[reference]=asc');
    expect(ids(third)).toEqual(ids(firstSixty).slice(40));
    expect(read(third)).toBe(60);
    const fifty = await bigList('itemsPerPage=20&page=50');
    expect(fifty.body['hydra:member']).toHaveLength(20);
    expect(read(fifty)).toBe(1_000);
    const beyond = await bigList('itemsPerPage=20&page=151');
    expect(beyond.body['hydra:member']).toEqual([]);
    expect(beyond.body['hydra:totalItems']).toBe(BIG.assetCount);
  });

  it('reads a small tenant’s candidates once for a filtered page, with an exact total', async () => {
    const all = await list('itemsPerPage=1');
    const response = await list('itemsPerPage=20&status=delivered');
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
    const everything: Asset[] = [];
    for (let page = 1; page <= BIG.assetCount / 100; page++) {
      everything.push(...(await bigList(`itemsPerPage=100&page=${page}&order[reference]=asc`)).body['hydra:member']);
    }
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

  it('reads the whole partition once when a search matches few, and then knows the exact total', async () => {
    const response = await bigList('itemsPerPage=20&search=h-2507');
    expect(ids(response)).toEqual([1_507]);
    expect(response.body['hydra:totalItems']).toBe(1);
    expect(response.headers.get('x-total-exact')).toBe('true');
    expect(read(response)).toBe(BIG.assetCount + 1);
  });

  it('sorts a customer’s assets from their own partition, with an exact total', async () => {
    const { id, assets } = bigTenant.biggestCustomer;
    const response = await bigList(`itemsPerPage=20&client=${id}&order[reference]=desc`);
    expect(response.body['hydra:totalItems']).toBe(assets);
    expect(response.headers.get('x-total-exact')).toBe('true');
    expect(read(response)).toBe(assets + 20);
    const references = response.body['hydra:member'].map((asset) => (asset.reference ?? '').toLowerCase());
    expect(references).toEqual([...references].sort().reverse());
    for (const asset of response.body['hydra:member']) expect(asset.client?.id).toBe(id);
  });
});
