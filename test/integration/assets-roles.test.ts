import { call, tokenOf } from '../harness/api';
import { markerIds, readMap } from '../harness/asset-map';

/** Role views of assets, enforced by the API (spec 000 s.2, s.4, s.6). The demo client user has customer 1. */
type Asset = Record<string, unknown> & { id: number; version: number; name: string; client?: { id: number } | null };
type Collection = { 'hydra:member': Asset[]; 'hydra:totalItems': number };
type Violations = { violations: { propertyPath: string; message: string }[] };

const HIDDEN = ['lastCommunication', 'scheduled', 'geo_zone', 'days_outside_geo_zone', 'client', 'devices'];

const expectClientView = (asset: Asset) => {
  for (const key of HIDDEN) expect(Object.keys(asset)).not.toContain(key);
  const lastEvent = asset.last_event as { geo_zone: unknown } | null | undefined;
  if (lastEvent) expect(lastEvent.geo_zone).toBeNull();
};

describe('asset role views', () => {
  let admin: string;
  let client: string;
  let transporter: string;
  let ownIds: Set<number>;
  let foreignId: number;
  const as = (token: string) => ({
    get: <T = Asset>(path: string) => call<T>('GET', path, { token }),
    put: <T = Asset>(path: string, body?: unknown) => call<T>('PUT', path, { token, body }),
  });

  beforeAll(async () => {
    [admin, client, transporter] = await Promise.all([tokenOf('admin'), tokenOf('client'), tokenOf('transporter')]);
    const own = await as(admin).get<Collection>('/api/assets?client=1&pagination=false');
    ownIds = new Set(own.body['hydra:member'].map((a) => a.id));
    const everything = await as(admin).get<Collection>('/api/assets?pagination=false');
    foreignId = (everything.body['hydra:member'].find((a) => a.client && a.client.id !== 1) as Asset).id;
  });

  describe('client user', () => {
    it('lists only their customer’s assets, without a hidden field, whatever client filter they send', async () => {
      for (const query of ['', '?client=2', '?client=/api/clients/3&order[days_outside_geo_zone]=desc']) {
        const response = await as(client).get<Collection>(`/api/assets${query}${query ? '&' : '?'}pagination=false`);
        expect(response.status).toBe(200);
        const members = response.body['hydra:member'];
        expect(members.length).toBeGreaterThan(0);
        expect(response.body['hydra:totalItems']).toBe(ownIds.size);
        for (const asset of members) {
          expect(ownIds.has(asset.id)).toBe(true);
          expectClientView(asset);
        }
      }
    });

    it('pages and sorts by the visible columns only', async () => {
      const first = await as(client).get<Collection>('/api/assets?itemsPerPage=5&order[reference]=desc');
      expect(first.body['hydra:member']).toHaveLength(5);
      const refs = first.body['hydra:member'].map((a) => String(a.reference ?? '').toLowerCase());
      expect(refs).toEqual([...refs].sort().reverse());
      const second = await as(client).get<Collection>('/api/assets?itemsPerPage=5&order[reference]=desc&page=2');
      for (const asset of second.body['hydra:member']) expect(first.body['hydra:member']).not.toContainEqual(asset);
      const hiddenFilter = await as(client).get<Collection>('/api/assets?daysOutsideGeoZone=12345');
      expect(hiddenFilter.body['hydra:totalItems']).toBe(ownIds.size);
    });

    it('reads their own asset without hidden fields, and gets 404 for another customer’s', async () => {
      const ownId = [...ownIds][0] as number;
      const own = await as(client).get(`/api/assets/${ownId}`);
      expect(own.status).toBe(200);
      expectClientView(own.body);
      // The markers and Battery status column stay visible: the same health summary staff get.
      const full = await as(admin).get(`/api/assets/${ownId}`);
      const devices = full.body.devices as { battery_level_low: boolean }[];
      expect(own.body.device_health).toEqual({
        devices: devices.length,
        sabotaged: expect.any(Boolean),
        battery_low: devices.some((d) => d.battery_level_low),
      });
      expect(own.body.device_health).toEqual(full.body.device_health);
      expect((await as(client).get(`/api/assets/${foreignId}`)).status).toBe(404);
      expect((await as(client).get(`/api/assets?id=${foreignId}`)).body).toMatchObject({ 'hydra:totalItems': 0 });
    });

    it('sees only their customer’s assets on the map, without hidden fields', async () => {
      const { markers, pages } = await readMap(client);
      expect(pages.every((page) => page.status === 200)).toBe(true);
      expect(markers.length).toBeGreaterThan(0);
      // A marker is [id, name, status, latitude, longitude, updated, level]: no field hidden from clients, and
      // the level leaves the geo zone out (never 2, "major": outside its zone; docs/decisions/0241-map-status-levels-event-list-days-small-circles-panel-map-layers.md).
      for (const marker of markers) {
        expect(ownIds.has(marker[0])).toBe(true);
        expect(marker).toHaveLength(7);
        expect(marker[6]).not.toBe(2);
      }
    });

    it('cannot create, update, delete, report delivered or reset loan days', async () => {
      const ownId = [...ownIds][0] as number;
      const own = (await as(admin).get(`/api/assets/${ownId}`)).body;
      expect((await call('POST', '/api/assets', { token: client, body: { name: 'x' } })).status).toBe(403);
      expect((await as(client).put(`/api/assets/${ownId}`, { name: 'x', version: own.version })).status).toBe(403);
      expect((await call('DELETE', `/api/assets/${ownId}`, { token: client })).status).toBe(403);
      expect((await as(client).put(`/api/assets/${ownId}/delivered`)).status).toBe(403);
      expect((await as(client).put(`/api/assets/${ownId}/days-outside-geo-zone/reset`)).status).toBe(403);
      expect((await as(admin).get(`/api/assets/${ownId}`)).body.version).toBe(own.version);
    });

    it('reports their own asset empty, and gets 404 for another customer’s', async () => {
      const created = await call<Asset>('POST', '/api/assets', {
        token: admin,
        body: { name: 'Client empty report reel', client: 1 },
      });
      const done = await as(client).put(`/api/assets/${created.body.id}/deregister`);
      expect(done.status).toBe(200);
      expect(done.body.status).toMatchObject({ status: 'send_deregistered' });
      expectClientView(done.body);
      const again = await as(client).put<Violations>(`/api/assets/${created.body.id}/deregister`);
      expect(again.body.violations?.[0]?.message).toBe('Asset is signed off');
      expect((await as(client).put(`/api/assets/${foreignId}/deregister`)).status).toBe(404);
    });
  });

  describe('transporter', () => {
    it('reports delivered and empty, sees full assets, and may not edit or delete', async () => {
      const created = await call<Asset>('POST', '/api/assets', {
        token: admin,
        body: { name: 'Transporter report reel', client: 1 },
      });
      const delivered = await as(transporter).put(`/api/assets/${created.body.id}/delivered`);
      expect(delivered.status).toBe(200);
      expect(delivered.body.status).toMatchObject({ status: 'send_delivered' });
      expect(delivered.body.client).toMatchObject({ id: 1 });
      const again = await as(transporter).put<Violations>(`/api/assets/${created.body.id}/delivered`);
      expect(again.status).toBe(422);
      expect(again.body.violations?.[0]?.message).toBe('Asset is delivered');
      const empty = await as(transporter).put(`/api/assets/${created.body.id}/deregister`);
      expect(empty.body.status).toMatchObject({ status: 'send_deregistered' });
      expect((await call('DELETE', `/api/assets/${created.body.id}`, { token: transporter })).status).toBe(403);
      const edit = await as(transporter).put(`/api/assets/${created.body.id}`, { name: 'x', version: 3 });
      expect(edit.status).toBe(403);
    });
  });

  describe('permissions per role', () => {
    it.each([
      ['user', 201],
      ['manager', 403],
      ['transporter', 403],
      ['client', 403],
    ])('create as %s answers %i', async (login, status) => {
      const response = await call('POST', '/api/assets', { token: await tokenOf(login), body: { name: 'Role reel' } });
      expect(response.status).toBe(status);
    });

    it.each([
      ['user', 200],
      ['admin', 200],
      ['manager', 403],
      ['transporter', 403],
      ['client', 403],
    ])('loan-days reset as %s answers %i', async (login, status) => {
      const id = [...ownIds][1] as number;
      const response = await call('PUT', `/api/assets/${id}/days-outside-geo-zone/reset`, {
        token: await tokenOf(login),
      });
      expect(response.status).toBe(status);
    });

    it.each([
      ['user', 204],
      ['manager', 204],
      ['admin', 204],
      ['transporter', 403],
      ['client', 403],
    ])('delete as %s answers %i', async (login, status) => {
      const created = await call<Asset>('POST', '/api/assets', { token: admin, body: { name: `Delete by ${login}` } });
      const response = await call('DELETE', `/api/assets/${created.body.id}`, { token: await tokenOf(login) });
      expect(response.status).toBe(status);
      const after = await as(admin).get(`/api/assets/${created.body.id}`);
      expect(after.status).toBe(status === 204 ? 404 : 200);
    });

    it('answers 401 without a token', async () => {
      expect((await call('GET', '/api/assets')).status).toBe(401);
      expect((await call('PUT', '/api/assets/1/delivered')).status).toBe(401);
    });
  });

  describe('tenants', () => {
    it('gives another tenant 404 on every asset route', async () => {
      const acme = await tokenOf('acme-admin');
      const id = [...ownIds][2] as number;
      expect((await call('GET', `/api/assets/${id}`, { token: acme })).status).toBe(404);
      for (const action of ['delivered', 'deregister', 'days-outside-geo-zone/reset']) {
        expect((await call('PUT', `/api/assets/${id}/${action}`, { token: acme })).status).toBe(404);
      }
      expect((await call('DELETE', `/api/assets/${id}`, { token: acme })).status).toBe(404);
      expect(markerIds((await readMap(acme)).markers)).not.toContain(id);
    });
  });
});
