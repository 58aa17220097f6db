import { call, tokenOf } from '../harness/api';
import { publishMqtt, waitFor } from '../harness/uplinks';

/**
 * GET /api/assets/map reads the sparse map index (gsi7, docs/data-model.md "Asset map"): only positioned
 * assets, only their map fields. x-items-read counts the index entries read, x-read-units what DynamoDB
 * charged for them.
 */
interface Collection {
  'hydra:member': { id: number; name: string; last_event: { latitude: number | null } | null }[];
  'hydra:totalItems': number;
}

const mapOf = async (user: string) => call<Collection>('GET', '/api/assets/map', { token: await tokenOf(user) });

describe('GET /api/assets/map', () => {
  it('reads only the positioned assets; a client user reads only their customer’s', async () => {
    const admin = await mapOf('admin');
    expect(admin.status).toBe(200);
    const members = admin.body['hydra:member'];
    expect(members.length).toBeGreaterThan(0);
    expect(members.every((asset) => asset.last_event?.latitude != null)).toBe(true);
    expect(Number(admin.headers.get('x-items-read'))).toBe(members.length);
    const units = Number(admin.headers.get('x-read-units'));
    expect(units).toBeGreaterThan(0);
    // An index entry holds the marker fields only: well under the 1 kB+ of a whole asset item.
    expect(units * 4096).toBeLessThan(members.length * 1024);

    const client = await mapOf('client');
    expect(client.status).toBe(200);
    const clientMembers = client.body['hydra:member'];
    expect(Number(client.headers.get('x-items-read'))).toBe(clientMembers.length);
    expect(clientMembers.length).toBeLessThan(members.length);
    const own = await call<Collection>('GET', '/api/assets?pagination=false', { token: await tokenOf('client') });
    const ownIds = new Set(own.body['hydra:member'].map((asset) => asset.id));
    expect(clientMembers.every((asset) => ownIds.has(asset.id))).toBe(true);
  });

  it('shows an asset once its tag reports its first position', async () => {
    const admin = await tokenOf('admin');
    const asset = await call<{ id: number }>('POST', '/api/assets', { token: admin, body: { name: 'Map newcomer' } });
    expect(asset.status).toBe(201);
    const devEui = `${(Date.now() % 0xffffffff).toString(16).toUpperCase().padStart(8, '0')}0000A7A7`;
    const device = await call('POST', '/api/devices', {
      token: await tokenOf('superadmin'),
      body: { dev_eui: devEui, name: 'Map tag', asset: asset.body.id },
    });
    expect(device.status).toBe(201);
    expect((await mapOf('admin')).body['hydra:member'].some((a) => a.id === asset.body.id)).toBe(false);

    await publishMqtt({
      devEui,
      at: new Date(),
      payload: { eventType: 'moving', fix: { latitude: 52.37, longitude: 4.89, accuracy: 10 } },
    });
    const map = await waitFor(
      () => mapOf('admin'),
      (answer) => answer.body['hydra:member'].some((a) => a.id === asset.body.id),
    );
    const shown = map.body['hydra:member'].find((a) => a.id === asset.body.id);
    expect(shown).toMatchObject({ name: 'Map newcomer', last_event: { latitude: 52.37 } });
    expect(Number(map.headers.get('x-items-read'))).toBe(map.body['hydra:member'].length);
  });

  it('refuses anonymous calls', async () => {
    expect((await call('GET', '/api/assets/map')).status).toBe(401);
  });
});
