import { handlerEnvironment, type PortName } from '../../scripts/local/config';
import { call, tokenOf } from '../harness/api';
import { createOwnTenant, type OwnTenant, removeOwnTenant } from '../harness/own-tenant';
import { readStack } from '../harness/stack';

/**
 * The n-gram search index (docs/data-model.md, "Search index") through the API, in a tenant of this file's own:
 * searches answer exactly the expected sets for assets and devices, writes (create, rename, link, delete,
 * texts too long for one transaction, concurrent creates) keep the index right, another tenant's ids never
 * appear, and an attacker's search text answers 4xx or a correct page, never 500.
 */
type Asset = { id: number; version: number; name: string; reference: string | null };
type Device = {
  id: number;
  version: number;
  name: string | null;
  model: string | null;
  barcode: string | null;
  dev_eui: string;
  asset: { id: number; name: string } | null;
};
type Collection<T> = { 'hydra:member': T[]; 'hydra:totalItems': number };

const runPrefix = (Date.now() % 0xffffffff).toString(16).toUpperCase().padStart(8, '0');
let serial = 0;
const newDevEui = () => `${runPrefix}${(++serial + 0x2000).toString(16).toUpperCase().padStart(8, '0')}`;
const sortIds = (ids: number[]) => [...ids].sort((a, b) => a - b);
const lower = (value: string | null | undefined) => (value ?? '').toLowerCase();

describe('search index', () => {
  let tenant: OwnTenant;
  const as = <T>(method: string, path: string, body?: unknown) =>
    call<T>(method, path, { token: tenant.superAdmin.token, headers: tenant.superAdmin.headers, body });
  const searchAssets = (text: string) =>
    as<Collection<Asset>>('GET', `/api/assets?pagination=false&search=${encodeURIComponent(text)}`);
  const searchDevices = (text: string) =>
    as<Collection<Device>>('GET', `/api/devices?pagination=false&search=${encodeURIComponent(text)}`);
  const idsOf = (response: { body: Collection<{ id: number }> }) =>
    sortIds(response.body['hydra:member'].map((item) => item.id));

  const assetNames = [
    ['Haspel H-51007', 'PRJ-2026-0391'],
    ['Haspel H-51008', 'PRJ-2026-0392'],
    ['Kabelhaspel ÄÖÜ', null],
    ['漢字リール 7', 'ref 100%'],
    ['Reel 😀 one', 'x_y'],
    ['h-5', 'A\\B'],
  ] as const;
  let assets: Asset[] = [];
  let devices: Device[] = [];

  beforeAll(async () => {
    tenant = await createOwnTenant('search-index');
    for (const [name, reference] of assetNames) {
      const created = await as<Asset>('POST', '/api/assets', { name, reference });
      expect(created.status).toBe(201);
      assets.push(created.body);
    }
    const deviceInputs = [
      { name: 'Tag 00123', model: 'Oyster', barcode: 'KPN0001' },
      { name: 'Tag 01234', model: 'Micro Tracker', barcode: null },
      { name: null, model: null, barcode: 'ÄÖ-9' },
    ];
    for (const [i, input] of deviceInputs.entries()) {
      const created = await as<Device>('POST', '/api/devices', {
        ...input,
        dev_eui: newDevEui(),
        asset: i === 0 ? assets[0]?.id : null,
      });
      expect(created.status).toBe(201);
      devices.push(created.body);
    }
  }, 120_000);

  afterAll(() => removeOwnTenant(tenant));

  const assetMatches = (text: string) =>
    sortIds(
      assets
        .filter((a) => `${a.name}\n${a.reference ?? ''}`.toLowerCase().includes(text.toLowerCase()))
        .map((a) => a.id),
    );

  it('answers exactly the assets whose name or reference contains the search, any length and script', async () => {
    for (const text of [
      'h-5100',
      'H-51',
      'prj',
      'h-',
      'h',
      'äöü',
      'ÖÜ',
      '漢字',
      'リール 7',
      '😀',
      '100%',
      '%',
      '_',
      '\\',
      '7\nprj',
    ]) {
      const response = await searchAssets(text);
      expect({ text, status: response.status }).toEqual({ text, status: 200 });
      expect({ text, ids: idsOf(response) }).toEqual({ text, ids: assetMatches(text) });
      expect(response.body['hydra:totalItems']).toBe(assetMatches(text).length);
    }
  });

  it('pages an asset search alone in a sorted order, verified and exactly counted, page after page', async () => {
    const expected = assets
      .filter((a) => `${a.name}\n${a.reference ?? ''}`.toLowerCase().includes('prj-2026'))
      .sort((a, b) => ((a.reference ?? '') < (b.reference ?? '') ? 1 : -1))
      .map((a) => a.id);
    expect(expected.length).toBeGreaterThan(1);
    const pages: number[] = [];
    for (let page = 1; page <= expected.length; page++) {
      const response = await as<Collection<Asset>>(
        'GET',
        `/api/assets?itemsPerPage=1&page=${page}&order[reference]=desc&search=PRJ-2026`,
      );
      expect(response.body['hydra:totalItems']).toBe(expected.length);
      expect(response.headers.get('x-total-exact')).toBe('true');
      pages.push(...response.body['hydra:member'].map((a) => a.id));
    }
    expect(pages).toEqual(expected);
  });

  it('answers exactly the devices matching name, model, barcode, asset name or DEVEUI in any spelling', async () => {
    const [tagged] = devices as [Device];
    const devEui = tagged.dev_eui;
    const cases: [string, number[]][] = [
      ['tag 0', [devices[0]?.id as number, devices[1]?.id as number]],
      ['0123', [devices[0]?.id as number, devices[1]?.id as number]],
      ['oyst', [tagged.id]],
      ['kpn', [tagged.id]],
      ['äö-', [devices[2]?.id as number]],
      ['haspel h-51007', [tagged.id]],
      [
        devEui
          .slice(6)
          .toLowerCase()
          .replace(/(..)(?!$)/g, '$1:'),
        [tagged.id],
      ],
      [devEui.slice(10).replace(/(..)(?!$)/g, '$1 '), [tagged.id]],
      ['no such text', []],
    ];
    for (const [text, expected] of cases) {
      const response = await searchDevices(text);
      expect({ text, ids: idsOf(response) }).toEqual({ text, ids: sortIds(expected) });
      expect(response.body['hydra:totalItems']).toBe(expected.length);
    }
  });

  it('follows renames, links and deletes of assets into both indexes', async () => {
    const asset = assets[1] as Asset;
    const renamed = await as<Asset>('PUT', `/api/assets/${asset.id}`, {
      name: 'Trommel T-77',
      reference: asset.reference,
      version: asset.version,
    });
    expect(renamed.status).toBe(200);
    assets = assets.map((a) => (a.id === asset.id ? renamed.body : a));
    expect(idsOf(await searchAssets('h-51008'))).toEqual([]);
    expect(idsOf(await searchAssets('trommel'))).toEqual([asset.id]);
    // A device joins the asset: its search text now holds the asset's name; the asset's rename reaches it.
    const device = devices[1] as Device;
    const linked = await as<Device>('PUT', `/api/devices/${device.id}`, { asset: asset.id, version: device.version });
    expect(linked.status).toBe(200);
    expect(idsOf(await searchDevices('trommel t-77'))).toEqual([device.id]);
    // The link moved the asset's version on (its device summaries): the rename sends the current one.
    const current = await as<Asset>('GET', `/api/assets/${asset.id}`);
    const again = await as<Asset>('PUT', `/api/assets/${asset.id}`, {
      name: 'Spool S-88',
      reference: asset.reference,
      version: current.body.version,
    });
    expect(again.status).toBe(200);
    assets = assets.map((a) => (a.id === asset.id ? again.body : a));
    expect(idsOf(await searchDevices('trommel'))).toEqual([]);
    expect(idsOf(await searchDevices('spool s-88'))).toEqual([device.id]);
    // Deleting the asset detaches the device: its asset name leaves the device's text.
    expect((await as('DELETE', `/api/assets/${asset.id}`)).status).toBe(204);
    assets = assets.filter((a) => a.id !== asset.id);
    expect(idsOf(await searchAssets('spool'))).toEqual([]);
    expect(idsOf(await searchDevices('spool'))).toEqual([]);
    const removed = await as('DELETE', `/api/devices/${device.id}`);
    expect(removed.status).toBe(204);
    devices = devices.filter((d) => d.id !== device.id);
    expect(idsOf(await searchDevices('tag 01234'))).toEqual([]);
  });

  it('keeps texts too long for one transaction exactly searchable (grams written around it)', async () => {
    // 150 characters of distinct grams in name and reference: ~300 gram changes, past 100 actions.
    const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
    const long = (seed: number) =>
      Array.from({ length: 150 }, (_, i) => alphabet[(i * seed + Math.floor(i / 36)) % alphabet.length]).join('');
    const [name, reference] = [long(7), long(11)];
    const created = await as<Asset>('POST', '/api/assets', { name, reference });
    expect(created.status).toBe(201);
    expect(idsOf(await searchAssets(name.slice(60, 70)))).toEqual([created.body.id]);
    expect(idsOf(await searchAssets(reference.slice(100, 104)))).toContain(created.body.id);
    const renamed = await as<Asset>('PUT', `/api/assets/${created.body.id}`, {
      name: long(13),
      reference: long(17),
      version: created.body.version,
    });
    expect(renamed.status).toBe(200);
    expect(idsOf(await searchAssets(name.slice(60, 70)))).toEqual([]);
    expect(idsOf(await searchAssets(long(13).slice(40, 50)))).toEqual([created.body.id]);
    expect((await as('DELETE', `/api/assets/${created.body.id}`)).status).toBe(204);
    expect(idsOf(await searchAssets(long(13).slice(40, 50)))).toEqual([]);
  });

  it('keeps every id of concurrent creates into the same postings', async () => {
    const names = Array.from({ length: 10 }, (_, i) => `Parallel reel ${i}`);
    const created = await Promise.all(names.map((name) => as<Asset>('POST', '/api/assets', { name })));
    expect(created.map((response) => response.status)).toEqual(names.map(() => 201));
    const response = await searchAssets('parallel reel');
    expect(idsOf(response)).toEqual(sortIds(created.map((r) => r.body.id)));
    expect(response.headers.get('x-total-exact')).toBe('true');
    const short = await searchAssets('pa');
    expect(short.body['hydra:totalItems']).toBe(10);
    for (const response of created) expect((await as('DELETE', `/api/assets/${response.body.id}`)).status).toBe(204);
  });

  it('pages a device search alone from the index: exact total, only the page read, the DEVEUI spelling in the DEVEUI', async () => {
    const created: Device[] = [];
    for (const [name, devEui] of [
      ['Spool 01 a', newDevEui()],
      ['spool01', newDevEui()],
      ['Spool 01 b', newDevEui()],
      ['Spool 01 c', newDevEui()],
      ['be00 in a name', newDevEui()],
      ['hex in the DEVEUI', `${runPrefix}BE00${(++serial).toString(16).toUpperCase().padStart(4, '0')}`],
    ] as const) {
      const response = await as<Device>('POST', '/api/devices', { name, dev_eui: devEui });
      expect(response.status).toBe(201);
      created.push(response.body);
    }
    const [a, joined, b, c, named, hex] = created as [Device, Device, Device, Device, Device, Device];
    const page = (text: string, number: number) =>
      as<Collection<Device>>('GET', `/api/devices?itemsPerPage=2&page=${number}&search=${encodeURIComponent(text)}`);
    const first = await page('spool', 1);
    expect(idsOf(first)).toEqual(sortIds([a.id, joined.id]));
    expect(first.body['hydra:totalItems']).toBe(4);
    expect(first.headers.get('x-total-exact')).toBe('true');
    // The counter, the three grams' postings (one bucket each), the page's two devices: no candidate fetched.
    expect(Number(first.headers.get('x-items-read'))).toBe(6);
    expect(idsOf(await page('spool', 2))).toEqual(sortIds([b.id, c.id]));
    // "spool 01": its digit grams first leave few candidates, fetched and verified: the same exact answer.
    const spaced = await page('spool 01', 1);
    expect(idsOf(spaced)).toEqual(sortIds([a.id, b.id]));
    expect(spaced.body['hydra:totalItems']).toBe(3);
    // "be:00" is looked up as typed (no device holds it) and as the DEVEUI spelling "BE00", which counts only
    // inside a DEVEUI: the device whose name holds "be00" is not a match (device-query.ts matchesDeviceFilters).
    const hexOnly = await page('be:00', 1);
    expect(idsOf(hexOnly)).toEqual([hex.id]);
    expect(hexOnly.body['hydra:totalItems']).toBe(1);
    expect(idsOf(await page('be00 in', 1))).toEqual([named.id]);

    // An entry whose item is gone (a removal not yet written): the page verifies it away, the total stays exact.
    const stack = readStack();
    for (const [name, value] of Object.entries(stack.ports)) process.env[name as PortName] = String(value);
    Object.assign(process.env, handlerEnvironment(stack));
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const { dynamo, tableName } = await import('../../functions/lib/data/client');
    const { entryOf, postingKey } = await import('../../functions/lib/search/gram-index');
    const { systemTenantContext } = await import('../../functions/lib/data/system-context');
    const ctx = systemTenantContext(tenant.tenantId);
    const ghost = c.id + 1_500;
    // The DEVEUI (16 characters and a separator) comes first: "spool" starts at 17 in the device's text.
    const ghostEntries = [
      ['spo', 17],
      ['poo', 18],
      ['ool', 19],
    ] as const;
    const writeGhost = (verb: 'ADD' | 'DELETE') =>
      Promise.all(
        ghostEntries.map(([gram, at]) =>
          dynamo().send(
            new UpdateCommand({
              TableName: tableName(),
              Key: postingKey(ctx, 'DEVICE', gram, ghost),
              UpdateExpression: `${verb} ids :entries`,
              ExpressionAttributeValues: { ':entries': new Set([entryOf(ghost, at)]) },
            }),
          ),
        ),
      );
    await writeGhost('ADD');
    const withGhost = await as<Collection<Device>>('GET', '/api/devices?itemsPerPage=10&search=spool');
    expect(idsOf(withGhost)).toEqual(sortIds([a.id, joined.id, b.id, c.id]));
    expect(withGhost.body['hydra:totalItems']).toBe(4);
    await writeGhost('DELETE');
    for (const device of created) expect((await as('DELETE', `/api/devices/${device.id}`)).status).toBe(204);
  });

  it('never answers another tenant’s assets or devices', async () => {
    const [acme, demo] = await Promise.all([tokenOf('acme-admin'), tokenOf('admin')]);
    const ours = new Set([...assets.map((a) => a.id), ...devices.map((d) => d.id)]);
    for (const token of [acme, demo]) {
      for (const path of ['/api/assets', '/api/devices']) {
        const response = await call<Collection<Asset>>('GET', `${path}?pagination=false&search=haspel%20h-51007`, {
          token,
        });
        expect(response.status).toBe(200);
        for (const item of response.body['hydra:member']) expect(lower(item.name)).not.toContain('kabelhaspel äöü');
      }
    }
    // The demo tenant's own assets match "haspel": ours do too, yet the answers are each tenant's own.
    const demoAnswer = await call<Collection<Asset>>('GET', '/api/assets?pagination=false&search=kabelhaspel', {
      token: demo,
    });
    expect(demoAnswer.body['hydra:member'].filter((a) => a.name === 'Kabelhaspel ÄÖÜ' && ours.has(a.id))).toEqual([]);
  });

  it('repairs a missing and an extra device id, and finds nothing to do the second time', async () => {
    const stack = readStack();
    for (const [name, value] of Object.entries(stack.ports)) process.env[name as PortName] = String(value);
    Object.assign(process.env, handlerEnvironment(stack));
    const { GetCommand, UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const { dynamo, tableName } = await import('../../functions/lib/data/client');
    const { entryOf, offsetOfEntry, postingKey } = await import('../../functions/lib/search/gram-index');
    const { repairSearchIndex } = await import('../../functions/lib/search/gram-repair');
    const { systemTenantContext } = await import('../../functions/lib/data/system-context');
    const ctx = systemTenantContext(tenant.tenantId);
    const device = devices[0] as Device;
    const key = (gram: string) => postingKey(ctx, 'DEVICE', gram, device.id);
    const change = (gram: string, verb: 'ADD' | 'DELETE', entries: number[]) =>
      dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key(gram),
          UpdateExpression: `${verb} ids :entries`,
          ExpressionAttributeValues: { ':entries': new Set(entries) },
        }),
      );
    const entriesOf = async (gram: string) => {
      const posting = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key(gram) }));
      return [...((posting.Item?.ids as Set<number>) ?? [])].filter(
        (entry) => offsetOfEntry(entry) === device.id % 1000,
      );
    };
    // Lost: its "oys" entry. Extra: a "zzz" entry, and a legacy bare offset in "ter" (written before positions).
    await change('oys', 'DELETE', await entriesOf('oys'));
    await change('zzz', 'ADD', [entryOf(device.id, 0)]);
    await change('ter', 'ADD', [device.id % 1000]);
    expect(idsOf(await searchDevices('oyster'))).toEqual([]);
    const first = await repairSearchIndex(ctx, 'DEVICE');
    expect(first).toMatchObject({ added: 1, removed: 2, skipped: 0 });
    expect(await entriesOf('ter')).not.toContain(device.id % 1000);
    expect(idsOf(await searchDevices('oyster'))).toEqual([device.id]);
    expect(idsOf(await searchDevices('zzz'))).toEqual([]);
    expect(await repairSearchIndex(ctx, 'DEVICE')).toMatchObject({ added: 0, removed: 0 });
  });

  it('answers an attacker’s search text with 4xx or a correct page, never 500', async () => {
    const long = await searchAssets('x'.repeat(2_000));
    expect(long.status).toBe(422);
    expect((await searchDevices('x'.repeat(2_000))).status).toBe(422);
    for (const raw of ['%', '%25', '%00', '%0A', '%ED%A0%80', '%F0%9F', '%E2%80%AE', '%FF%FE', '*', '%2A%2A%2A']) {
      for (const path of ['/api/assets', '/api/devices']) {
        const response = await call<Collection<Asset>>('GET', `${path}?search=${raw}`, {
          token: tenant.superAdmin.token,
          headers: tenant.superAdmin.headers,
        });
        expect({ raw, path, ok: response.status < 500 }).toEqual({ raw, path, ok: true });
        if (response.status === 200) expect(response.body['hydra:member']).toEqual(expect.any(Array));
      }
    }
  });
});
