import { MAP_LEVELS } from '../../shared/schemas/map-level';
import { call, tokenOf } from '../harness/api';
import { type MapMarker, readMap } from '../harness/asset-map';
import { publishMqtt, type Uplink, waitFor } from '../harness/uplinks';

/**
 * Map status levels (spec 000 s.1; docs/decisions/0241-map-status-levels-event-list-days-small-circles-panel-map-layers.md): each marker of
 * GET /api/assets/map carries its level as its 7th element, the asset API as `map_level`, from the alarms open
 * on the asset: sabotage critical, outside its zone major, battery low minor, silent warning. Driven through
 * the real pipeline (MQTT uplinks), as the states are the processor's.
 */
type Asset = {
  id: number;
  map_level: string;
  lastCommunication: string | null;
  last_event: { date: string } | null;
  devices: { id: number; is_silent?: boolean }[];
};

const LEVEL = { none: 0, critical: 1, major: 2, minor: 3, warning: 4 } as const;
/** The first uplink's time: all of them are in the past (the pipeline refuses uplinks from the future). */
const T0 = Math.floor((Date.now() - 150 * 60_000) / 1000) * 1000;
const CENTRE = { latitude: 51.7, longitude: 5.9 };

describe('map status levels', () => {
  let admin: string;
  let assetId: number;
  let deviceId: number;
  let devEui: string;

  const levelOn = async (token: string) =>
    ((await readMap(token)).markers.find(([id]) => id === assetId) as MapMarker | undefined)?.[6];
  const assetLevel = async (token: string) =>
    (await call<Asset>('GET', `/api/assets/${assetId}`, { token })).body.map_level;
  const send = async (minutes: number, where: typeof CENTRE, flags: { sabotaged?: boolean; batteryLow?: boolean }) => {
    const uplink: Uplink = {
      devEui,
      at: new Date(T0 + minutes * 60_000),
      payload: { eventType: 'moving', fix: { ...where, accuracy: 5 }, ...flags },
    };
    await publishMqtt(uplink);
    await waitFor(
      () => call<Asset>('GET', `/api/assets/${assetId}`, { token: admin }),
      (answer) => answer.body.last_event?.date === uplink.at.toISOString(),
    );
  };

  beforeAll(async () => {
    admin = await tokenOf('admin');
    const zone = await call<{ id: number }>('POST', '/api/geo-zones', {
      token: admin,
      body: {
        name: `Level depot ${Date.now()}`,
        geometry: { type: 'Point', coordinates: [CENTRE.longitude, CENTRE.latitude], radius: 500 },
      },
    });
    expect(zone.status).toBe(201);
    const asset = await call<Asset>('POST', '/api/assets', {
      token: admin,
      body: { name: 'Level reel', geo_zone: zone.body.id, client: 1 },
    });
    expect(asset.status).toBe(201);
    assetId = asset.body.id;
    devEui = `${(Date.now() % 0xffffffff).toString(16).toUpperCase().padStart(8, '0')}0000B1B1`;
    const device = await call<{ id: number }>('POST', '/api/devices', {
      token: await tokenOf('superadmin'),
      body: { dev_eui: devEui, name: 'Level tag', asset: assetId },
    });
    expect(device.status).toBe(201);
    deviceId = device.body.id;
  });

  it('gives the worst open alarm: none, battery low minor, outside major, sabotage critical; clients see no zone part', async () => {
    const client = await tokenOf('client');
    await send(0, CENTRE, {});
    await send(1, CENTRE, {});
    expect(await levelOn(admin)).toBe(LEVEL.none);
    expect(await assetLevel(admin)).toBe('none');

    await send(2, CENTRE, { batteryLow: true });
    expect(await levelOn(admin)).toBe(LEVEL.minor);
    expect(await assetLevel(admin)).toBe('minor');

    // The second fix outside confirms the departure (hysteresis): outside the zone is major, above battery low.
    const away = { latitude: CENTRE.latitude + 0.45, longitude: CENTRE.longitude };
    await send(120, away, { batteryLow: true });
    await send(130, away, { batteryLow: true });
    expect(await levelOn(admin)).toBe(LEVEL.major);
    expect(await assetLevel(admin)).toBe('major');
    // Zones are hidden from client users: for them the battery is the worst that is open.
    expect(await levelOn(client)).toBe(LEVEL.minor);
    expect(await assetLevel(client)).toBe('minor');

    await send(140, away, { batteryLow: true, sabotaged: true });
    expect(await levelOn(admin)).toBe(LEVEL.critical);
    expect(await levelOn(client)).toBe(LEVEL.critical);
    expect(await assetLevel(admin)).toBe('critical');

    // Reset alarm closes the sabotage: the asset is back to "outside its zone".
    const reset = await call('POST', `/api/devices/${deviceId}/reset-sabotaged`, { token: admin });
    expect(reset.status).toBeLessThan(300);
    expect(await levelOn(admin)).toBe(LEVEL.major);
  });

  it('warns about silent assets, and the list and the map agree on every demo asset', async () => {
    const list = await call<{ 'hydra:member': Asset[] }>('GET', '/api/assets?pagination=false', { token: admin });
    const assets = list.body['hydra:member'];
    const { markers } = await readMap(admin);
    const byId = new Map(markers.map((marker) => [marker[0], marker]));
    // Silent: a tag the silent-tag job marked (the seed stores what the job would have), not a read-time clock.
    const silent = assets.filter(
      (asset) =>
        asset.map_level === 'warning' && asset.devices.length > 0 && byId.has(asset.id) && asset.lastCommunication,
    );
    expect(silent.length).toBeGreaterThan(0);
    for (const asset of silent) expect(asset.devices.some((device) => device.is_silent === true)).toBe(true);
    const seen = new Set<string>();
    for (const asset of assets) {
      const marker = byId.get(asset.id);
      if (!marker) continue;
      expect(MAP_LEVELS[marker[6]]).toBe(asset.map_level);
      seen.add(asset.map_level);
    }
    // The demo tenant shows every level (it seeds sabotage, zone departures, low batteries and silent tags).
    expect([...seen].sort()).toEqual([...MAP_LEVELS].sort());
  });
});
