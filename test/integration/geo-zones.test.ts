import { REGION, TABLE_NAME } from '../../scripts/local/config';
import { call, tokenOf } from '../harness/api';
import { localTable } from '../harness/stack';

/** Geo zones (spec 000 asset map, s.3, s.7): CRUD, geofence rules, GeoJSON, zones in use, versions. */
type Pos = [number, number];
interface Zone {
  id: number;
  name: string | null;
  geometry: { type: string; coordinates: unknown; radius?: number; color?: string };
  version: number;
}
interface Collection<T> {
  'hydra:member': T[];
  'hydra:totalItems': number;
}
interface Violations {
  violations: { propertyPath: string; message: string }[];
}

const unique = Date.now().toString(36);
const messagesOf = (body: unknown) => (body as Violations).violations.map((v) => `${v.propertyPath}: ${v.message}`);
const square = (lon: number, lat: number, size = 0.01): Pos[] => [
  [lon, lat],
  [lon + size, lat],
  [lon + size, lat + size],
  [lon, lat + size],
  [lon, lat],
];
const polygon = (ring: Pos[]) => ({ type: 'Polygon', coordinates: [ring] });
const circle = (radius?: number) => ({ type: 'Point', coordinates: [4.48, 51.9], ...(radius ? { radius } : {}) });

async function zoneVersion(): Promise<number> {
  const { readGeoZoneVersion } = await import('../../functions/lib/geo-zones/geo-zone-repository');
  const { systemTenantContext } = await import('../../functions/lib/data/system-context');
  return readGeoZoneVersion(systemTenantContext(1));
}

async function createZone(body: Record<string, unknown>, login = 'admin') {
  const response = await call<Zone>('POST', '/api/geo-zones', { token: await tokenOf(login), body });
  expect(response.status).toBe(201);
  return response.body;
}

describe('geo zones', () => {
  beforeAll(() => {
    // readGeoZoneVersion runs in this process, as the event pipeline does, against the test stack's table.
    Object.assign(process.env, { TABLE_NAME, AWS_REGION: REGION, DYNAMODB_ENDPOINT: localTable().endpoint });
  });

  it('lists all seeded zones unpaged with parsed geometry and colour', async () => {
    const list = await call<Collection<Zone>>('GET', '/api/geo-zones', { token: await tokenOf('admin') });
    expect(list.status).toBe(200);
    expect(list.body['hydra:totalItems']).toBe(list.body['hydra:member'].length);
    expect(list.body['hydra:member'].length).toBeGreaterThanOrEqual(4);
    expect(list.body).not.toHaveProperty('hydra:view');
    for (const zone of list.body['hydra:member']) {
      expect(['Polygon', 'Point']).toContain(zone.geometry.type);
      expect(zone.geometry.color).toMatch(/^#[0-9a-f]{3,6}$/i);
      expect(zone).not.toHaveProperty('assetCount');
    }
  });

  it('creates, reads, updates (geometry as text) and deletes a zone, bumping the zone version each time', async () => {
    const admin = await tokenOf('admin');
    const v0 = await zoneVersion();
    const created = await createZone({ name: `Yard ${unique}`, geometry: circle() });
    expect(created.geometry).toEqual({ type: 'Point', coordinates: [4.48, 51.9], radius: 30, color: '#3388ff' });
    expect(created.version).toBe(1);
    expect(await zoneVersion()).toBe(v0 + 1);

    const read = await call<Zone>('GET', `/api/geo-zones/${created.id}`, { token: admin });
    expect(read.body).toMatchObject({ id: created.id, name: `Yard ${unique}`, '@id': `/api/geo-zones/${created.id}` });

    const geometry = JSON.stringify({ ...polygon(square(4.4, 51.9)), color: '#ff0000' });
    const updated = await call<Zone>('PUT', `/api/geo-zones/${created.id}`, {
      token: admin,
      body: { name: `Area ${unique}`, geometry, version: 1 },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: `Area ${unique}`, version: 2 });
    expect(updated.body.geometry).toEqual({ type: 'Polygon', coordinates: [square(4.4, 51.9)], color: '#ff0000' });
    expect(await zoneVersion()).toBe(v0 + 2);

    const stale = await call('PUT', `/api/geo-zones/${created.id}`, {
      token: admin,
      body: { name: 'Stale', geometry: circle(), version: 1 },
    });
    expect(stale.status).toBe(409);
    expect(await zoneVersion()).toBe(v0 + 2);

    expect((await call('DELETE', `/api/geo-zones/${created.id}`, { token: admin })).status).toBe(204);
    expect((await call('GET', `/api/geo-zones/${created.id}`, { token: admin })).status).toBe(404);
    expect(await zoneVersion()).toBe(v0 + 3);
  });

  it('answers each geofence rule as a 422 on its field', async () => {
    const admin = await tokenOf('admin');
    const bowTie: Pos[] = [
      [4, 52],
      [4.01, 52.01],
      [4.01, 52],
      [4, 52.01],
      [4, 52],
    ];
    const many = Array.from({ length: 5001 }, (_, i): Pos => {
      const a = (i / 5001) * 2 * Math.PI;
      return [4.5 + 0.01 * Math.cos(a), 52 + 0.01 * Math.sin(a)];
    });
    const cases: [unknown, string][] = [
      [polygon(square(4, 52).slice(0, 4)), 'geometry.coordinates[0]: The outline must end at its first point'],
      [polygon(bowTie), 'geometry.coordinates[0]: The outline crosses itself'],
      [
        polygon([
          [4, 52],
          [4.01, 52],
          [4, 52],
        ]),
        'geometry.coordinates[0]: A polygon needs at least 3 points',
      ],
      [polygon([...many, many[0] as Pos]), 'geometry.coordinates: A geo zone can have at most 5000 points'],
      [
        polygon([
          [4, 52],
          [4.01, 52],
          [4.02, 52],
          [4, 52],
        ]),
        'geometry.coordinates[0]: The outline encloses no area',
      ],
      [{ type: 'Point', coordinates: [4, 95] }, 'geometry.coordinates[1]: Invalid coordinates'],
      [{ type: 'Point', coordinates: [4, 52], radius: '30' }, 'geometry.radius: The radius must be at least 15'],
      [circle(14), 'geometry.radius: The radius must be at least 15'],
      [
        { type: 'LineString', coordinates: [] },
        'geometry.type: The geometry must be a Polygon or a Point with a radius',
      ],
      ['{not json', 'geometry: The geometry must be a Polygon or a Point with a radius'],
      [
        { type: 'Polygon', coordinates: [square(4, 52), square(5, 52, 0.001)] },
        'geometry.coordinates[1]: A hole must lie inside the outline',
      ],
    ];
    for (const [geometry, message] of cases) {
      const response = await call('POST', '/api/geo-zones', { token: admin, body: { name: 'Bad', geometry } });
      expect(response.status).toBe(422);
      expect(messagesOf(response.body)).toEqual([message]);
    }
  });

  it('refuses anonymous callers, lets transporters read but not write, client users neither, and keeps tenants apart', async () => {
    expect((await call('GET', '/api/geo-zones')).status).toBe(401);
    const zone = await createZone({ name: `Kept ${unique}`, geometry: circle(50) });
    for (const login of ['client', 'transporter']) {
      const token = await tokenOf(login);
      // Geo zones are hidden from client users as a whole: not even read.
      expect((await call('GET', '/api/geo-zones', { token })).status).toBe(login === 'client' ? 403 : 200);
      expect((await call('POST', '/api/geo-zones', { token, body: { geometry: circle() } })).status).toBe(403);
      expect((await call('POST', '/api/geo-zones', { token, body: {} })).status).toBe(403);
      const put = await call('PUT', `/api/geo-zones/${zone.id}`, { token, body: { geometry: circle(), version: 1 } });
      expect(put.status).toBe(403);
      expect((await call('DELETE', `/api/geo-zones/${zone.id}`, { token })).status).toBe(403);
      const imported = await call('POST', '/api/geo-zones/import', { token, body: { type: 'FeatureCollection' } });
      expect(imported.status).toBe(403);
    }
    expect(
      (await call('POST', '/api/geo-zones', { token: await tokenOf('user'), body: { geometry: circle() } })).status,
    ).toBe(201);

    const acme = await tokenOf('acme-admin');
    expect((await call('GET', `/api/geo-zones/${zone.id}`, { token: acme })).status).toBe(404);
    const put = await call('PUT', `/api/geo-zones/${zone.id}`, {
      token: acme,
      body: { geometry: circle(), version: 1 },
    });
    expect(put.status).toBe(404);
    expect((await call('DELETE', `/api/geo-zones/${zone.id}`, { token: acme })).status).toBe(404);
    const acmeList = await call<Collection<Zone>>('GET', '/api/geo-zones', { token: acme });
    expect(acmeList.body['hydra:member'].map((z) => z.id)).not.toContain(zone.id);
  });

  it('refuses to delete a zone assets use, naming the count; a rename reaches the assets', async () => {
    const admin = await tokenOf('admin');
    const zone = await createZone({ name: `Depot ${unique}`, geometry: circle(100) });
    const assets: { id: number; version: number }[] = [];
    for (const n of [1, 2]) {
      const created = await call<{ id: number; version: number }>('POST', '/api/assets', {
        token: admin,
        body: { name: `Zone reel ${n} ${unique}`, geo_zone: zone.id },
      });
      expect(created.status).toBe(201);
      assets.push(created.body);
    }
    const refused = await call('DELETE', `/api/geo-zones/${zone.id}`, { token: admin });
    expect(refused.status).toBe(422);
    expect((refused.body as { detail: string }).detail).toContain('2 assets');

    const renamed = await call('PUT', `/api/geo-zones/${zone.id}`, {
      token: admin,
      body: { name: `Depot renamed ${unique}`, geometry: circle(100), version: 1 },
    });
    expect(renamed.status).toBe(200);
    const asset = await call<{ geo_zone: { id: number; name: string } }>('GET', `/api/assets/${assets[0]?.id}`, {
      token: admin,
    });
    expect(asset.body.geo_zone).toEqual({ id: zone.id, name: `Depot renamed ${unique}` });

    // One asset leaves the zone, the other is deleted: then the zone can go.
    const [first, second] = assets as [{ id: number; version: number }, { id: number; version: number }];
    const moved = await call('PUT', `/api/assets/${first.id}`, {
      token: admin,
      body: { name: `Zone reel 1 ${unique}`, geo_zone: null, version: first.version },
    });
    expect(moved.status).toBe(200);
    const stillOne = await call('DELETE', `/api/geo-zones/${zone.id}`, { token: admin });
    expect((stillOne.body as { detail: string }).detail).toContain('1 asset;');
    expect((await call('DELETE', `/api/assets/${second.id}`, { token: admin })).status).toBe(204);
    expect((await call('DELETE', `/api/geo-zones/${zone.id}`, { token: admin })).status).toBe(204);
  });

  it('refuses to delete a seeded zone the demo assets use (the seed writes the counts too)', async () => {
    const admin = await tokenOf('admin');
    const assets = await call<Collection<{ geo_zone: { id: number } | null }>>('GET', '/api/assets?itemsPerPage=50', {
      token: admin,
    });
    const zoneId = assets.body['hydra:member'].find((asset) => asset.geo_zone)?.geo_zone?.id;
    expect(zoneId).toBeDefined();
    const refused = await call('DELETE', `/api/geo-zones/${zoneId}`, { token: admin });
    expect(refused.status).toBe(422);
    expect((refused.body as { detail: string }).detail).toMatch(/is the geo zone of \d+ assets?;/);
  });

  it('exports GeoJSON and imports it back as new zones, bumping the version once', async () => {
    const admin = await tokenOf('admin');
    await createZone({ name: `Export circle ${unique}`, geometry: { ...circle(45), color: '#00ff00' } });
    const exported = await call<{ type: string; features: { id: number; properties: Record<string, unknown> }[] }>(
      'GET',
      '/api/geo-zones/export',
      { token: admin },
    );
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toContain('application/geo+json');
    expect(exported.body.type).toBe('FeatureCollection');
    const mine = exported.body.features.find((f) => f.properties.name === `Export circle ${unique}`);
    expect(mine).toMatchObject({
      type: 'Feature',
      geometry: { type: 'Point' },
      properties: { radius: 45, color: '#00ff00' },
    });

    const features = exported.body.features
      .slice(0, 3)
      .map((f, i) => ({ ...f, properties: { ...f.properties, name: `Copy ${i} ${unique}` } }));
    const before = await zoneVersion();
    const imported = await call<Collection<Zone>>('POST', '/api/geo-zones/import', {
      token: admin,
      body: { type: 'FeatureCollection', features },
    });
    expect(imported.status).toBe(201);
    expect(imported.body['hydra:member'].map((z) => z.name)).toEqual(features.map((f) => f.properties.name));
    expect(await zoneVersion()).toBe(before + 1);
    const original = exported.body.features[0] as unknown as { geometry: object };
    expect(imported.body['hydra:member'][0]?.geometry).toMatchObject(original.geometry);
  });

  it('imports all or nothing, listing every problem in one 422', async () => {
    const admin = await tokenOf('admin');
    const count = async () =>
      (await call<Collection<Zone>>('GET', '/api/geo-zones', { token: admin })).body['hydra:totalItems'];
    const before = await count();
    const good = { type: 'Feature', geometry: polygon(square(4, 52)), properties: { name: `Good ${unique}` } };
    const response = await call('POST', '/api/geo-zones/import', {
      token: admin,
      body: {
        type: 'FeatureCollection',
        features: [
          good,
          { type: 'Feature', geometry: polygon(square(4, 52).slice(0, 4)), properties: {} },
          { type: 'Feature', geometry: { type: 'Point', coordinates: [4, 52] }, properties: { radius: 5 } },
          { type: 'Thing' },
          { type: 'Feature', geometry: { type: 'Point', coordinates: [4, 52] }, properties: { color: 'red' } },
          { type: 'Feature', properties: { name: 'No geometry' } },
        ],
      },
    });
    expect(response.status).toBe(422);
    expect(messagesOf(response.body)).toEqual([
      'features[1].geometry.coordinates[0]: The outline must end at its first point',
      'features[2].properties.radius: The radius must be at least 15',
      'features[3].type: Each entry must be a GeoJSON Feature',
      'features[4].properties.color: The colour must be a hex value such as #3388ff',
      'features[5].geometry: The geometry must be a Polygon or a Point with a radius',
    ]);
    expect(await count()).toBe(before);

    const tooMany = Array.from({ length: 100 }, () => good);
    const refused = await call('POST', '/api/geo-zones/import', {
      token: admin,
      body: { type: 'FeatureCollection', features: tooMany },
    });
    expect(messagesOf(refused.body)).toEqual(['features: At most 99 geo zones per import']);
    const notGeoJson = await call('POST', '/api/geo-zones/import', { token: admin, body: { features: [] } });
    expect(messagesOf(notGeoJson.body)).toEqual([
      'type: The file must be a GeoJSON FeatureCollection',
      'features: The file holds no geo zones',
    ]);
    expect(await count()).toBe(before);
  });
});
