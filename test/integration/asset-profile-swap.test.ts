import { assetProfileDefinitionRepository } from '../../functions/lib/asset-profiles/asset-profile-repository';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { handlerEnvironment, type PortName } from '../../scripts/local/config';
import { call } from '../harness/api';
import { createOwnTenant, type OwnTenant, removeOwnTenant } from '../harness/own-tenant';
import { readStack } from '../harness/stack';

/**
 * An asset save that swaps several profiles at once (a tenant with more than one profile definition) is one
 * transaction with one change of the profile count: DynamoDB refuses a transaction that acts twice on one item,
 * and so does the local stand-in (test/integration/dynamo-limits.test.ts).
 */
type Asset = { id: number; version: number; asset_profile_relations: string[] };

describe('asset profiles swapped together', () => {
  let tenant: OwnTenant;
  const as = <T>(method: string, path: string, body?: unknown) =>
    call<T>(method, path, { token: tenant.superAdmin.token, headers: tenant.superAdmin.headers, body });
  const definitionIds: number[] = [];

  beforeAll(async () => {
    const stack = readStack();
    for (const [name, value] of Object.entries(stack.ports)) process.env[name as PortName] = String(value);
    Object.assign(process.env, handlerEnvironment(stack));
    tenant = await createOwnTenant('asset-profile-swap');
    // No route makes a definition (the spec seeds them): three are written as a seed would.
    for (const name of ['Haspels A', 'Haspels B', 'Haspels C']) {
      const created = await assetProfileDefinitionRepository.create(systemTenantContext(tenant.tenantId), {
        name,
        type: 'cable_reel',
        definitions: [],
      });
      definitionIds.push(created.id);
    }
  }, 120_000);
  afterAll(() => removeOwnTenant(tenant));

  it('adds two, then swaps two for one, then removes all in one save each', async () => {
    const [a, b, c] = definitionIds;
    const created = await as<Asset>('POST', '/api/assets', { name: 'Swap', asset_profile_definitions: [a, b] });
    expect(created.status).toBe(201);
    expect(created.body.asset_profile_relations).toHaveLength(2);
    const path = `/api/assets/${created.body.id}`;
    const swapped = await as<Asset>('PUT', path, {
      name: 'Swap',
      asset_profile_definitions: [c],
      version: created.body.version,
    });
    expect(swapped.status).toBe(200);
    expect(swapped.body.asset_profile_relations).toHaveLength(1);
    const cleared = await as<Asset>('POST', `${path}/asset-profiles`, { asset_profile_definitions: [] });
    expect(cleared.status).toBe(200);
    expect(cleared.body.asset_profile_relations).toEqual([]);
  });
});
