import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_NAME } from '../../scripts/local/config';
import { DEV_EUI_INVALID } from '../../shared/schemas/device';
import { DEVICE_IMPORT_MESSAGES as M } from '../../shared/schemas/device-import';
import { call, tokenOf } from '../harness/api';
import { localTable, readStack } from '../harness/stack';

/** Device import from CSV (spec 001 s.2 user/tenant drawers, s.5 csv only, s.7 .../devices/upload). */
interface Answer {
  imported?: number;
  detail?: string;
  violations?: { propertyPath: string; message: string }[];
}

const stack = readStack();
const db = localTable().client;

/** DEVEUIs no other test or seed uses: a per-run prefix and a counter. */
const runPrefix = (Date.now() % 0xffffffff).toString(16).toUpperCase().padStart(8, '0');
let serial = 0;
const newDevEui = () => `${runPrefix}${(++serial).toString(16).toUpperCase().padStart(8, '0')}`;

async function upload(path: string, token: string | undefined, content: string, filename = 'devices.csv') {
  const form = new FormData();
  form.append('files', new Blob([content], { type: 'text/csv' }), filename);
  const response = await fetch(`${stack.apiUrl}${path}`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Answer };
}

const devicesOf = async (tenantId: number, devEuis: string[]) => {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: TABLE_NAME,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `T#${tenantId}#DEVICE` },
        ExclusiveStartKey,
      }),
    );
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items.filter((item) => devEuis.includes(String(item.dev_eui)));
};

const deviceCounter = async (tenantId: number) =>
  (await db.send(new GetCommand({ TableName: TABLE_NAME, Key: { pk: `T#${tenantId}#COUNTER`, sk: 'DEVICE' } }))).Item;

/** The platform-wide DEVEUI claims (functions/lib/devices/dev-eui-claims.ts) that exist among `devEuis`. */
const claimsOf = async (devEuis: string[]) => {
  const found: string[] = [];
  for (const devEui of devEuis) {
    const claim = await db.send(
      new GetCommand({ TableName: TABLE_NAME, Key: { pk: `DEVEUI#${devEui}`, sk: 'CLAIM' } }),
    );
    if (claim.Item) found.push(devEui);
  }
  return found;
};

let tokens: Record<'superadmin' | 'admin' | 'acmeAdmin', string>;
let demoUserId: number;
let acmeUserId: number;
/** A user id that exists in tenant demo only (ids are numbered per tenant, so small ones exist in both). */
let demoOnlyUserId: number;

const userIdOf = async (token: string, username: string) => {
  const list = await call<{ 'hydra:member': { id: number; username: string }[] }>(
    'GET',
    `/api/users?search=${username}&pagination=false`,
    { token },
  );
  return (list.body['hydra:member'].find((u) => u.username === username) as { id: number }).id;
};

beforeAll(async () => {
  const [superadmin, admin, acmeAdmin] = await Promise.all([
    tokenOf('superadmin'),
    tokenOf('admin'),
    tokenOf('acme-admin'),
  ]);
  tokens = { superadmin, admin, acmeAdmin };
  [demoUserId, acmeUserId] = await Promise.all([userIdOf(admin, 'user'), userIdOf(acmeAdmin, 'acme-user')]);
  const ids = async (token: string) =>
    (await call<{ 'hydra:member': { id: number }[] }>('GET', '/api/users?pagination=false', { token })).body[
      'hydra:member'
    ].map((u) => u.id);
  const [demoIds, acmeIds] = await Promise.all([ids(admin), ids(acmeAdmin)]);
  demoOnlyUserId = demoIds.find((id) => !acmeIds.includes(id)) as number;
});

describe('device import', () => {
  it('imports a tenant admin file into the own tenant with every column', async () => {
    const [a, b, c] = [newDevEui(), newDevEui(), newDevEui()];
    const before = Number((await deviceCounter(1))?.itemCount);
    const csv = `DEVEUI;Sensor name;model;notes;barcode;activation_date\n${a};Tag A;LT-V;"Depot; hal 2";KPN1;2026-01-15\n${b.toLowerCase()};Tag B;;;;\n\n${c};;;;;\n`;
    const answer = await upload('/api/tenants/1/devices/upload', tokens.admin, csv);
    expect(answer).toEqual({ status: 200, body: { imported: 3 } });
    const stored = await devicesOf(1, [a, b, c]);
    expect(stored).toHaveLength(3);
    expect(stored.find((d) => d.dev_eui === a)).toMatchObject({
      name: 'Tag A',
      model: 'LT-V',
      notes: 'Depot; hal 2',
      barcode: 'KPN1',
      activation_date: '2026-01-15T00:00:00.000Z',
      asset: null,
      version: 1,
      gsi11pk: 'T#1#DEVICE',
      gsi11sk: expect.stringMatching(new RegExp(`^${a}#`)),
    });
    expect(stored.find((d) => d.dev_eui === c)).toMatchObject({ name: null, model: null });
    expect(Number((await deviceCounter(1))?.itemCount)).toBe(before + 3);
  });

  it('imports for a user into that user’s tenant, also from a raw text/csv body', async () => {
    const devEui = newDevEui();
    const answer = await call<Answer>('POST', `/api/users/${demoUserId}/devices/upload`, {
      token: tokens.admin,
      rawBody: `deveui,name\n${devEui},Raw\n`,
      headers: { 'content-type': 'text/csv' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ imported: 1 });
    expect(await devicesOf(1, [devEui])).toHaveLength(1);
  });

  it('lets a super admin import into any tenant, and an acme admin into acme', async () => {
    const [forAcme, byAcme] = [newDevEui(), newDevEui()];
    expect((await upload('/api/tenants/2/devices/upload', tokens.superadmin, `deveui\n${forAcme}\n`)).status).toBe(200);
    expect(
      (await upload(`/api/users/${acmeUserId}/devices/upload`, tokens.acmeAdmin, `deveui\n${byAcme}\n`)).status,
    ).toBe(200);
    expect(await devicesOf(2, [forAcme, byAcme])).toHaveLength(2);
    expect(await devicesOf(1, [forAcme, byAcme])).toHaveLength(0);
  });

  it('answers 422 naming the rows, and writes nothing, for bad values and duplicates', async () => {
    const [ok, dup, taken] = [newDevEui(), newDevEui(), newDevEui()];
    expect((await upload('/api/tenants/1/devices/upload', tokens.admin, `deveui\n${taken}\n`)).status).toBe(200);
    const bad = await upload('/api/tenants/1/devices/upload', tokens.admin, `deveui,name\n${ok},x\nXYZ,y\n`);
    expect(bad.status).toBe(422);
    expect(bad.body.violations).toEqual([{ propertyPath: 'row 3.deveui', message: DEV_EUI_INVALID }]);
    const twice = await upload('/api/tenants/1/devices/upload', tokens.admin, `deveui\n${ok}\n${dup}\n${dup}\n`);
    expect(twice.body.violations).toEqual([{ propertyPath: 'row 4.deveui', message: M.duplicateInFile }]);
    // A DEVEUI of another tenant is taken too: an uplink names only its DEVEUI.
    const existing = await upload('/api/tenants/2/devices/upload', tokens.superadmin, `deveui\n${ok}\n${taken}\n`);
    expect(existing.status).toBe(422);
    expect(existing.body.violations).toEqual([{ propertyPath: 'row 3.deveui', message: M.cannotRegister }]);
    // Row problems and taken DEVEUIs come in one answer, in row order.
    const both = await upload('/api/tenants/1/devices/upload', tokens.admin, `deveui\n${taken}\n${dup}\nbad\n`);
    expect(both.body.violations).toEqual([
      { propertyPath: 'row 2.deveui', message: M.alreadyRegistered },
      { propertyPath: 'row 4.deveui', message: DEV_EUI_INVALID },
    ]);
    expect(await devicesOf(1, [ok, dup])).toHaveLength(0);
    expect(await devicesOf(2, [ok])).toHaveLength(0);
  });

  it('refuses malformed files, a missing header, non-CSV files and too large files', async () => {
    const path = '/api/tenants/1/devices/upload';
    const malformed = await upload(path, tokens.admin, `deveui,name\n${newDevEui()},"open\n`);
    expect(malformed.status).toBe(422);
    expect(malformed.body.violations?.[0]?.message).toBe(M.malformed);
    const headerless = await upload(path, tokens.admin, `${newDevEui()},Tag\n`);
    expect(headerless.body.violations?.[0]).toEqual({ propertyPath: 'row 1', message: M.noHeader });
    const xlsx = await upload(path, tokens.admin, 'deveui\n', 'devices.xlsx');
    expect(xlsx).toEqual({ status: 415, body: expect.objectContaining({ detail: M.onlyCsv }) });
    const json = await call<Answer>('POST', path, { token: tokens.admin, body: { deveui: newDevEui() } });
    expect(json.status).toBe(415);
    const big = await upload(path, tokens.admin, `deveui,notes\n${newDevEui()},${'x'.repeat(1024 * 1024)}\n`);
    expect(big).toEqual({ status: 413, body: expect.objectContaining({ detail: M.fileTooLarge }) });
    const empty = await upload(path, tokens.admin, '');
    expect(empty.body.violations).toEqual([{ propertyPath: 'row 1', message: M.noHeader }]);
  });

  it('is for admins only and never reaches another tenant', async () => {
    const csv = `deveui\n${newDevEui()}\n`;
    for (const login of ['user', 'manager', 'transporter', 'client']) {
      const token = await tokenOf(login);
      expect((await upload('/api/tenants/1/devices/upload', token, csv)).status).toBe(403);
      expect((await upload(`/api/users/${demoUserId}/devices/upload`, token, csv)).status).toBe(403);
    }
    expect((await upload('/api/tenants/1/devices/upload', undefined, csv)).status).toBe(401);
    expect((await upload('/api/tenants/2/devices/upload', tokens.admin, csv)).status).toBe(404);
    expect(demoOnlyUserId).toBeDefined();
    expect((await upload(`/api/users/${demoOnlyUserId}/devices/upload`, tokens.acmeAdmin, csv)).status).toBe(404);
    expect((await upload('/api/tenants/1/devices/upload', tokens.acmeAdmin, csv)).status).toBe(404);
    expect((await upload('/api/tenants/999999/devices/upload', tokens.superadmin, csv)).status).toBe(404);
  });

  it('undoes the devices already written when a later write fails', async () => {
    const counter = await deviceCounter(1);
    // A stray item where the 150th new device will go makes the fourth transaction of 49 fail.
    const blockedId = Number(counter?.lastId) + 150;
    const blockedKey = { pk: 'T#1#DEVICE', sk: `DEVICE#${String(blockedId).padStart(10, '0')}` };
    await db.send(new PutCommand({ TableName: TABLE_NAME, Item: { ...blockedKey, dev_eui: 'STRAY' } }));
    try {
      const devEuis = Array.from({ length: 200 }, newDevEui);
      const answer = await upload('/api/tenants/1/devices/upload', tokens.admin, `deveui\n${devEuis.join('\n')}\n`);
      expect(answer.status).toBe(500);
      expect(await devicesOf(1, devEuis)).toHaveLength(0);
      expect(await claimsOf(devEuis)).toEqual([]);
      expect((await deviceCounter(1))?.itemCount).toBe(counter?.itemCount);
    } finally {
      await db.send(new DeleteCommand({ TableName: TABLE_NAME, Key: blockedKey }));
    }
  });

  it('lets only one of two concurrent imports of the same new DEVEUI through, the other writes nothing', async () => {
    const shared = newDevEui();
    const first = [...Array.from({ length: 150 }, newDevEui), shared];
    const second = [shared, ...Array.from({ length: 150 }, newDevEui)];
    const answers = await Promise.all([
      upload('/api/tenants/1/devices/upload', tokens.admin, `deveui\n${first.join('\n')}\n`),
      upload('/api/tenants/2/devices/upload', tokens.acmeAdmin, `deveui\n${second.join('\n')}\n`),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    const [winner, loser] = answers[0]?.status === 200 ? [first, second] : [second, first];
    const loserAnswer = answers.find((a) => a.status === 422);
    expect(loserAnswer?.body.violations).toEqual([
      { propertyPath: `row ${loser.indexOf(shared) + 2}.deveui`, message: M.cannotRegister },
    ]);
    const inTenant = async (devEuis: string[]) => [...(await devicesOf(1, devEuis)), ...(await devicesOf(2, devEuis))];
    expect(await inTenant(winner)).toHaveLength(winner.length);
    expect(await inTenant(loser.filter((d) => d !== shared))).toHaveLength(0);
    expect(await claimsOf(loser.filter((d) => d !== shared))).toEqual([]);
    expect(await claimsOf([shared])).toHaveLength(1);
  });

  it('imports 500 devices in one file', async () => {
    const devEuis = Array.from({ length: 500 }, newDevEui);
    const started = Date.now();
    const answer = await upload('/api/tenants/2/devices/upload', tokens.acmeAdmin, `deveui\n${devEuis.join('\n')}\n`);
    console.log(`500-row import took ${Date.now() - started} ms`);
    expect(answer).toEqual({ status: 200, body: { imported: 500 } });
    expect(await devicesOf(2, devEuis)).toHaveLength(500);
  });
});
