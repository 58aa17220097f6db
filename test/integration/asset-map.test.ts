import { get } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { LAMBDA_RESPONSE_LIMIT_BYTES } from '../../scripts/local/gateway-limits';
import { assetMapAnswerSchema, MAP_ANSWER_VERSION } from '../../shared/schemas/asset-map';
import { decodeMapColumns } from '../../shared/schemas/asset-map-codec';
import { ASSET_STATUS_VALUES } from '../../shared/schemas/asset-status';
import { LIVE_CURSOR_PATTERN } from '../../shared/schemas/live';
import { call, tokenOf } from '../harness/api';
import { type AssetMapAnswer, markerIds, markersOf, readMap } from '../harness/asset-map';
import { readStack } from '../harness/stack';
import { publishMqtt, waitFor } from '../harness/uplinks';

/**
 * GET /api/assets/map reads the sparse map index (gsi7, docs/data-model.md "Asset map"): only positioned
 * assets, only their map fields, answered as compact marker tuples a page at a time (docs/decisions/0229
 * and 0230). x-items-read counts the index entries read, x-read-units what DynamoDB charged.
 */
const mapOf = async (user: string) => readMap(await tokenOf(user));

describe('GET /api/assets/map', () => {
  it('answers the demo tenant in one columnar answer, decoded into marker tuples', async () => {
    const { markers, pages } = await mapOf('admin');
    expect(pages).toHaveLength(1);
    const [page] = pages;
    expect(page?.status).toBe(200);
    expect(assetMapAnswerSchema.parse(page?.body)).toMatchObject({
      '@id': '/api/assets/map',
      v: MAP_ANSWER_VERSION,
      next: null,
      // Where the live change log stood when the map was read: the console's delta starts there.
      cursor: expect.stringMatching(LIVE_CURSOR_PATTERN),
    });
    expect(markers.length).toBeGreaterThan(0);
    const bytes = Buffer.byteLength(JSON.stringify(page?.body));
    // ~35 bytes a marker before compression (the tuples took ~55, the objects before them ~400);
    // tests/unit/gateway-limits.test.ts bounds the worst case.
    expect(bytes / markers.length).toBeLessThan(60);
    expect(bytes).toBeLessThan(LAMBDA_RESPONSE_LIMIT_BYTES);
    for (const [, , status, latitude, longitude] of markers) {
      expect(status === null || ASSET_STATUS_VALUES[status] !== undefined).toBe(true);
      expect(Math.abs(latitude)).toBeLessThanOrEqual(90);
      expect(Math.abs(longitude)).toBeLessThanOrEqual(180);
    }
  });

  it('reads only the positioned assets; a client user reads only their customer’s', async () => {
    const admin = await mapOf('admin');
    const [page] = admin.pages;
    expect(Number(page?.headers.get('x-items-read'))).toBe(admin.markers.length);
    const units = Number(page?.headers.get('x-read-units'));
    expect(units).toBeGreaterThan(0);
    // An index entry holds the marker fields only: well under the 1 kB+ of a whole asset item.
    expect(units * 4096).toBeLessThan(admin.markers.length * 1024);

    const client = await mapOf('client');
    expect(client.pages.map((answer) => answer.status)).toEqual([200]);
    expect(Number(client.pages[0]?.headers.get('x-items-read'))).toBe(client.markers.length);
    expect(client.markers.length).toBeLessThan(admin.markers.length);
    // Exactly the customer's positioned assets, as the client's own list answers them: none missing, none more.
    type Listed = { id: number; last_event: { latitude: number | null; longitude: number | null } | null };
    const own = await call<{ 'hydra:member': Listed[] }>('GET', '/api/assets?pagination=false', {
      token: await tokenOf('client'),
    });
    const positioned = own.body['hydra:member'].filter(
      (asset) => asset.last_event?.latitude != null && asset.last_event?.longitude != null,
    );
    const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
    expect(positioned.length).toBeGreaterThan(0);
    expect(sorted(markerIds(client.markers))).toEqual(sorted(positioned.map((asset) => asset.id)));
    const everything = await call<{ 'hydra:member': Listed[] }>('GET', '/api/assets?pagination=false', {
      token: await tokenOf('admin'),
    });
    const allPositioned = everything.body['hydra:member'].filter(
      (asset) => asset.last_event?.latitude != null && asset.last_event?.longitude != null,
    );
    expect(sorted(markerIds(admin.markers))).toEqual(sorted(allPositioned.map((asset) => asset.id)));
  });

  it('goes on from a cursor after the marker it names, and refuses a cursor that is not one', async () => {
    const admin = await tokenOf('admin');
    const all = markerIds((await readMap(admin)).markers);
    const page = await call<AssetMapAnswer>('GET', '/api/assets/map', { token: admin });
    expect(page.status).toBe(200);
    // The cursor is where a page ended: the map index key (customer, asset) of its last marker.
    const first = await call<{ 'hydra:member': { id: number; client: { id: number } | null }[] }>(
      'GET',
      `/api/assets?id=${all[0]}`,
      { token: admin },
    );
    const owner = first.body['hydra:member'][0]?.client?.id ?? 0;
    const cursor = `${String(owner).padStart(10, '0')}-${String(all[0]).padStart(10, '0')}`;
    const rest = await call<AssetMapAnswer>('GET', `/api/assets/map?cursor=${cursor}`, { token: admin });
    expect(rest.status).toBe(200);
    expect(rest.body['@id']).toBe(`/api/assets/map?cursor=${cursor}`);
    expect(markerIds(markersOf(rest))).toEqual(all.slice(1));

    for (const bad of ['x', '1-2', '0000000001#0000000002', '0000000001-0000000000']) {
      const answer = await call<{ status: number }>('GET', `/api/assets/map?cursor=${encodeURIComponent(bad)}`, {
        token: admin,
      });
      expect(answer).toMatchObject({ status: 400, body: { status: 400 } });
    }
    // A client user's cursor stays in their customer's range.
    const other = await call('GET', '/api/assets/map?cursor=9999999999-0000000001', { token: await tokenOf('client') });
    expect(other.status).toBe(400);
  });

  it('shows an asset once its tag reports its first position', async () => {
    const admin = await tokenOf('admin');
    // A name the columns must carry as it is: quotes, a backslash, a line separator, CJK and an emoji.
    const name = 'Map "newcomer" \\ \u2028 中文 🚚';
    const asset = await call<{ id: number }>('POST', '/api/assets', { token: admin, body: { name } });
    expect(asset.status).toBe(201);
    const devEui = `${(Date.now() % 0xffffffff).toString(16).toUpperCase().padStart(8, '0')}0000A7A7`;
    const device = await call('POST', '/api/devices', {
      token: await tokenOf('superadmin'),
      body: { dev_eui: devEui, name: 'Map tag', asset: asset.body.id },
    });
    expect(device.status).toBe(201);
    expect(markerIds((await mapOf('admin')).markers)).not.toContain(asset.body.id);

    await publishMqtt({
      devEui,
      at: new Date(),
      payload: { eventType: 'moving', fix: { latitude: 52.37, longitude: 4.89, accuracy: 10 } },
    });
    const map = await waitFor(
      () => mapOf('admin'),
      (answer) => markerIds(answer.markers).includes(asset.body.id),
    );
    const shown = map.markers.find(([id]) => id === asset.body.id);
    expect(shown?.[1]).toBe(name);
    expect(shown?.slice(3, 5)).toEqual([52.37, 4.89]);
    expect(Number(map.pages[0]?.headers.get('x-items-read'))).toBe(map.markers.length);
  });

  it('compresses by Accept-Encoding (br before gzip, identity when neither), the same markers each way', async () => {
    const token = await tokenOf('admin');
    const expected = (await mapOf('admin')).markers;
    const cases: [string, string | null][] = [
      ['br, gzip, deflate', 'br'],
      ['gzip, deflate', 'gzip'],
      ['gzip;q=0, br;q=0, deflate', null],
      ['identity', null],
      ['*', 'br'],
    ];
    for (const [accept, coding] of cases) {
      const { markers, pages } = await readMap(token, { 'accept-encoding': accept });
      expect(pages.map((page) => page.status)).toEqual([200]);
      expect(pages[0]?.headers.get('content-encoding')).toBe(coding);
      expect(pages[0]?.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(markers).toEqual(expected);
    }
    // On the wire (read without fetch's inflating): the compressed bytes, a fraction of the JSON inside.
    const wire = await new Promise<{ coding?: string; body: Buffer }>((resolve, reject) => {
      const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' };
      get(`${readStack().apiUrl}/api/assets/map`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ coding: response.headers['content-encoding'], body: Buffer.concat(chunks) }),
        );
      }).on('error', reject);
    });
    expect(wire.coding).toBe('gzip');
    const json = gunzipSync(wire.body);
    expect(decodeMapColumns(JSON.parse(json.toString()))).toEqual(expected);
    expect(wire.body.length).toBeLessThan(json.length / 2);
  });

  it('answers hostile Accept-Encoding headers with a readable answer, never an error', async () => {
    const token = await tokenOf('admin');
    const expected = (await mapOf('admin')).markers.length;
    for (const accept of ['br;q=abc', 'gzip;q=-1, br;q=0', `${'x, '.repeat(2000)}gzip`, ';;;,,,', 'BR', 'zstd']) {
      const { markers, pages } = await readMap(token, { 'accept-encoding': accept });
      expect(pages.map((page) => page.status)).toEqual([200]);
      expect(markers).toHaveLength(expected);
    }
  });

  it('answers another tenant none of these markers, and a client user only their customer’s', async () => {
    const demo = new Set(markerIds((await mapOf('admin')).markers));
    const acme = await mapOf('acme-admin');
    expect(acme.pages.map((page) => page.status)).toEqual([200]);
    const acmeAssets = await call<{ 'hydra:member': { id: number }[] }>('GET', '/api/assets?pagination=false', {
      token: await tokenOf('acme-admin'),
    });
    const acmeIds = new Set(acmeAssets.body['hydra:member'].map((asset) => asset.id));
    for (const id of markerIds(acme.markers)) expect(acmeIds.has(id)).toBe(true);
    // Ids are per tenant, so compare names too: nothing of demo's reaches acme.
    const demoNames = new Set((await mapOf('admin')).markers.map(([, name]) => name));
    expect(acme.markers.filter(([id, name]) => demoNames.has(name) && demo.has(id) && !acmeIds.has(id))).toEqual([]);
  });

  it('refuses anonymous calls', async () => {
    expect((await call('GET', '/api/assets/map')).status).toBe(401);
  });
});
