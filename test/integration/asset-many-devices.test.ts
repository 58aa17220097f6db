import { handlerEnvironment, type PortName } from '../../scripts/local/config';
import { call, tokenOf } from '../harness/api';
import { readStack } from '../harness/stack';

/**
 * A TransactWriteItems holds at most 100 actions (the local front refuses more, as AWS does), and
 * an asset write links every device it gains, loses or renames. An asset with 150 devices is created, renamed
 * with some devices dropped, and deleted: every answer is a success and both sides of every link agree.
 */
type Device = { id: number; asset: { id: number; name: string } | null };
type Asset = { id: number; version: number; name: string; devices: { id: number }[] };
const COUNT = 150;

describe('an asset with more devices than one transaction holds', () => {
  let superadmin: string;
  let headers: Record<string, string>;
  const as = <T>(method: string, path: string, body?: unknown) =>
    call<T>(method, path, { token: superadmin, headers, body });
  const deviceAsset = async (id: number) => (await as<Device>('GET', `/api/devices/${id}`)).body.asset;

  beforeAll(async () => {
    superadmin = await tokenOf('superadmin');
    const stack = readStack();
    for (const [name, value] of Object.entries(stack.ports)) process.env[name as PortName] = String(value);
    Object.assign(process.env, handlerEnvironment(stack));
    const { ensureDeviceBenchTenant } = await import('../../scripts/bench/seed-devices');
    const tenant = await ensureDeviceBenchTenant({ subdomain: 'it-asset-many-devices', deviceCount: COUNT });
    headers = { 'x-tenant-id': String(tenant.tenantId) };
  }, 240_000);

  it('creates, renames, drops devices from and deletes the asset without a ValidationException', async () => {
    const ids = Array.from({ length: COUNT }, (_, i) => i + 1);
    const created = await as<Asset>('POST', '/api/assets', { name: 'Reel with many trackers', devices: ids });
    expect(created.status).toBe(201);
    expect(created.body.devices.map((d) => d.id)).toEqual(ids);
    expect(await deviceAsset(COUNT)).toEqual({ id: created.body.id, name: 'Reel with many trackers' });

    const kept = ids.slice(0, 120);
    const saved = await as<Asset>('PUT', `/api/assets/${created.body.id}`, {
      name: 'Renamed reel',
      version: created.body.version,
      devices: kept,
    });
    expect(saved.status).toBe(200);
    const read = await as<Asset>('GET', `/api/assets/${created.body.id}`);
    expect(read.body.devices.map((d) => d.id)).toEqual(kept);
    expect(read.body.version).toBe(saved.body.version);
    expect(await deviceAsset(1)).toEqual({ id: created.body.id, name: 'Renamed reel' });
    expect(await deviceAsset(120)).toEqual({ id: created.body.id, name: 'Renamed reel' });
    expect(await deviceAsset(121)).toBeNull();

    const removed = await as('DELETE', `/api/assets/${created.body.id}`);
    expect(removed.status).toBe(204);
    expect((await as('GET', `/api/assets/${created.body.id}`)).status).toBe(404);
    for (const id of [1, 60, 120]) expect(await deviceAsset(id)).toBeNull();
  });
});
