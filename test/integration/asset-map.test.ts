import { call, tokenOf } from '../harness/api';

/**
 * GET /api/assets/map reports what it cost (docs/performance.md, "Asset map"): x-items-read counts every
 * asset of the partition it read (positioned or not), x-read-units the capacity DynamoDB charged for them.
 */
interface Collection {
  'hydra:member': { id: number; last_event: { latitude: number | null } | null }[];
  'hydra:totalItems': number;
}

describe('GET /api/assets/map', () => {
  it('answers the items it read and their read units; a client user reads only their customer’s assets', async () => {
    const admin = await call<Collection>('GET', '/api/assets/map', { token: await tokenOf('admin') });
    expect(admin.status).toBe(200);
    const adminRead = Number(admin.headers.get('x-items-read'));
    expect(adminRead).toBeGreaterThanOrEqual(admin.body['hydra:member'].length);
    expect(Number(admin.headers.get('x-read-units'))).toBeGreaterThan(0);

    const client = await call<Collection>('GET', '/api/assets/map', { token: await tokenOf('client') });
    expect(client.status).toBe(200);
    const clientRead = Number(client.headers.get('x-items-read'));
    expect(clientRead).toBeGreaterThanOrEqual(client.body['hydra:member'].length);
    expect(clientRead).toBeLessThan(adminRead);
  });

  it('refuses anonymous calls', async () => {
    expect((await call('GET', '/api/assets/map')).status).toBe(401);
  });
});
