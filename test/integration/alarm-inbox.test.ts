import { handlerEnvironment, type PortName } from '../../scripts/local/config';
import type { AlarmInboxEntry } from '../../shared/schemas/alarm-inbox';
import { call, tokenOf } from '../harness/api';
import { addCustomerLogin, createOwnTenant, type OwnTenant, removeOwnTenant } from '../harness/own-tenant';
import { readStack } from '../harness/stack';
import { publishMqtt, waitFor } from '../harness/uplinks';
import { waitUntil } from '../harness/wait';

/**
 * The alarm inbox: the unresolved alarms of the caller's scope, newest first, through the real pipeline
 * (MQTT uplink -> processor -> EventBridge -> alarm handler). Sabotage alarms of three tags made here: one on
 * an asset of the first customer (whose login is the client user here), one on an asset of another customer, one
 * on no asset. The file works in a tenant of its own: the demo tenant's sabotage rules and open alarms change
 * while other files run, and every rule there would raise its own alarm for these tags.
 */
type Inbox = { 'hydra:member': AlarmInboxEntry[]; 'hydra:totalItems': number };

const T0 = Math.floor((Date.now() - 120 * 60_000) / 1000) * 1000;
const stamp = Date.now();
const devEuiOf = (n: number) => `${(stamp % 0xffffffff).toString(16).toUpperCase().padStart(8, '0')}0000A1${n}0`;

const inbox = (token: string, query = '') => call<Inbox>('GET', `/api/alarm-inbox${query}`, { token });
/** The matching entries of the whole inbox, every page (newest first, a page holds at most 100). */
async function entriesOf(token: string, match: (entry: AlarmInboxEntry) => boolean, filter = '') {
  const found: AlarmInboxEntry[] = [];
  for (let page = 1; ; page += 1) {
    const members = (await inbox(token, `?itemsPerPage=100&page=${page}${filter}`)).body['hydra:member'];
    found.push(...members.filter(match));
    if (members.length < 100) return found;
  }
}

/** Repository code run from the test against the local stack (as the isolation sweep seeds its alarms). */
async function importStackModules() {
  const stack = readStack();
  for (const [name, value] of Object.entries(stack.ports)) process.env[name as PortName] = String(value);
  Object.assign(process.env, handlerEnvironment(stack));
  return import('../../functions/lib/alarms/sent-alarms');
}

describe('alarm inbox', () => {
  let admin: string;
  let client: string;
  let clientLogin: string;
  let acme: string;
  let superadmin: string;
  let tenant: OwnTenant | undefined;
  const customers: number[] = [];
  const assets: number[] = [];
  const devices: number[] = [];
  const deviceOf = new Map<number | null, number>();

  async function tag(n: number, asset: number | null) {
    const device = await call<{ id: number }>('POST', '/api/devices', {
      token: superadmin,
      headers: tenant?.superAdmin.headers,
      body: { dev_eui: devEuiOf(n), name: `Inbox tag ${n}`, ...(asset === null ? {} : { asset }) },
    });
    expect(device.status).toBe(201);
    devices.push(device.body.id);
    deviceOf.set(asset, device.body.id);
    await publishMqtt({
      devEui: devEuiOf(n),
      at: new Date(T0 + n * 60_000),
      payload: { eventType: 'moving', fix: { latitude: 51.7, longitude: 5.9, accuracy: 5 }, sabotaged: true },
    });
    return device.body.id;
  }

  beforeAll(async () => {
    tenant = await createOwnTenant('Alarm inbox');
    superadmin = tenant.superAdmin.token;
    [admin, acme] = await Promise.all([tokenOf(tenant.adminLogin), tokenOf('acme-admin')]);
    const login = await addCustomerLogin(tenant, `Inbox customer ${stamp} 1`);
    client = login.token;
    clientLogin = login.username;
    const other = await call<{ id: number }>('POST', '/api/clients', {
      token: admin,
      body: { name: `Inbox customer ${stamp} 2`, email: `inbox-customer-${stamp}@own.local` },
    });
    expect(other.status).toBe(201);
    customers.push(login.customerId, other.body.id);
    // Two sabotage rules, so that each tag has two open alarms and acknowledging one leaves another.
    for (const n of [1, 2]) {
      const rule = await call('POST', '/api/alarms', {
        token: admin,
        body: {
          name: `Inbox ${stamp} ${n}`,
          type: 0,
          text: '{asset_name} sabotaged',
          email: `inbox-${stamp}@example.com`,
        },
      });
      expect(rule.status).toBe(201);
    }
    for (const customer of customers) {
      const asset = await call<{ id: number }>('POST', '/api/assets', {
        token: admin,
        body: { name: `Inbox reel ${stamp} ${customer}`, client: customer },
      });
      expect(asset.status).toBe(201);
      assets.push(asset.body.id);
    }
  });

  afterAll(() => removeOwnTenant(tenant));

  it('shows staff every open alarm, a client user only their customer’s, another tenant none; acknowledging keeps it, resolving removes it', async () => {
    const before = (await inbox(admin)).body['hydra:totalItems'];
    const clientBefore = (await inbox(client)).body['hydra:totalItems'];
    const acmeBefore = (await inbox(acme)).body['hydra:totalItems'];
    await tag(1, assets[0] as number);
    await tag(2, assets[1] as number);
    const assetless = await tag(3, null);
    const ours = (entry: AlarmInboxEntry) =>
      assets.includes(entry.assetId as number) || (entry.assetId === null && entry.deviceId === assetless);
    // Every sabotage rule of the tenant records its own alarm per tag.
    const rules = await call<{ 'hydra:member': { type: number }[] }>('GET', '/api/alarms?pagination=false', {
      token: admin,
    });
    const sabotageRules = rules.body['hydra:member'].filter((rule) => rule.type === 0).length;
    // Each alarm passes the queue, the processor, the bus and the alarm handler, behind what other files sent.
    const staff = await waitUntil(
      `${3 * sabotageRules} alarms (3 tags × ${sabotageRules} sabotage rules)`,
      () => entriesOf(admin, ours),
      (found) => found.length === 3 * sabotageRules,
      {
        timeoutMs: 90_000,
        describe: (found) => found.map((entry) => `${entry.devEui}/rule ${entry.ruleId}`).join(', '),
      },
    );
    expect(new Set(staff.map((entry) => entry.assetId))).toEqual(new Set([...assets, null]));
    expect(staff.find((entry) => entry.assetId === assets[0])?.assetName).toBe(`Inbox reel ${stamp} 1`);
    expect(staff.find((entry) => entry.assetId === null)?.assetName).toBeNull();
    const all = (await inbox(admin, '?itemsPerPage=100')).body;
    expect(all['hydra:totalItems']).toBe(before + staff.length);
    const ids = all['hydra:member'].map((entry) => entry.id);
    expect(ids).toEqual([...ids].sort().reverse());

    const clientView = await entriesOf(client, ours);
    const ofFirst = staff.filter((entry) => entry.assetId === assets[0]);
    expect(clientView.map((entry) => entry.id).sort()).toEqual(ofFirst.map((entry) => entry.id).sort());
    expect((await inbox(client)).body['hydra:totalItems']).toBe(clientBefore + clientView.length);
    expect(await entriesOf(acme, ours)).toEqual([]);
    expect((await inbox(acme)).body['hydra:totalItems']).toBe(acmeBefore);

    const mine = clientView[0] as AlarmInboxEntry;
    const path = `${mine['@id']}/acknowledge`;
    expect((await call('PUT', path, { token: acme })).status).toBe(404);
    const first = await call<AlarmInboxEntry>('PUT', path, { token: client });
    expect(first.status).toBe(200);
    expect(first.body.acknowledgedBy).toBe(clientLogin);
    expect((await call('PUT', path, { token: admin })).status).toBe(409);
    // Acknowledged stays in the inbox (not resolved) but leaves its open alarms; resolving takes it out.
    const others = (entries: AlarmInboxEntry[]) => entries.map((entry) => entry.id).filter((id) => id !== mine.id);
    const openOnly = (token: string) =>
      entriesOf(token, ours, '&state=open').then((found) => found.map((entry) => entry.id).sort());
    expect(await openOnly(client)).toEqual(others(clientView).sort());
    expect(await openOnly(admin)).toEqual(others(staff).sort());
    expect((await inbox(admin)).body['hydra:totalItems']).toBe(before + staff.length);
    expect((await call('PUT', `${mine['@id']}/resolve`, { token: client })).status).toBe(200);
    expect((await entriesOf(client, ours)).map((entry) => entry.id).sort()).toEqual(others(clientView).sort());
    expect((await entriesOf(admin, ours)).map((entry) => entry.id).sort()).toEqual(others(staff).sort());
    expect((await inbox(admin)).body['hydra:totalItems']).toBe(before + staff.length - 1);
    expect((await inbox(client)).body['hydra:totalItems']).toBe(clientBefore + clientView.length - 1);

    // A tag linked to no asset: staff only, handled on the device's path.
    const loose = staff.filter((entry) => entry.assetId === null);
    for (const entry of loose) {
      const loosePath = `/api/devices/${assetless}/alarms/${entry.id}`;
      expect(entry['@id']).toBe(loosePath);
      expect((await call('PUT', `${loosePath}/acknowledge`, { token: client })).status).toBe(403);
      expect((await call('PUT', `${loosePath}/acknowledge`, { token: acme })).status).toBe(404);
      expect((await call('PUT', `${loosePath}/acknowledge`, { token: admin })).status).toBe(200);
      expect((await call('PUT', `${loosePath}/acknowledge`, { token: admin })).status).toBe(409);
      expect((await call('PUT', `${loosePath}/resolve`, { token: client })).status).toBe(403);
      expect((await call('PUT', `${loosePath}/resolve`, { token: admin })).status).toBe(200);
    }
    expect((await entriesOf(admin, ours)).some((entry) => entry.assetId === null)).toBe(false);
    expect((await inbox(admin)).body['hydra:totalItems']).toBe(before + staff.length - 1 - loose.length);
  }, 180_000);

  it('moves the open alarms of an asset to its new customer’s inbox when the asset changes customer', async () => {
    const moved = assets[1] as number;
    const open = await entriesOf(admin, (entry) => entry.assetId === moved);
    expect(open.length).toBeGreaterThan(0);
    expect(await entriesOf(client, (entry) => entry.assetId === moved)).toEqual([]);
    const moveTo = async (customer: number) => {
      const { version, name } = (
        await call<{ version: number; name: string }>('GET', `/api/assets/${moved}`, { token: admin })
      ).body;
      const saved = await call('PUT', `/api/assets/${moved}`, {
        token: admin,
        body: { name, version, client: customer },
      });
      expect(saved.status).toBe(200);
    };
    await moveTo(customers[0] as number);
    const seen = await entriesOf(client, (entry) => entry.assetId === moved);
    expect(seen.map((entry) => entry.id).sort()).toEqual(open.map((entry) => entry.id).sort());
    await moveTo(customers[1] as number);
    expect(await entriesOf(client, (entry) => entry.assetId === moved)).toEqual([]);
  });

  it('drops the entry of a deleted asset from the list and the count', async () => {
    const open = await entriesOf(admin, (entry) => entry.assetId === assets[1]);
    if (open.length === 0) await tag(4, assets[1] as number);
    await waitFor(
      () => entriesOf(admin, (entry) => entry.assetId === assets[1]),
      (found) => found.length > 0,
    );
    const before = (await inbox(admin)).body['hydra:totalItems'];
    const asset = assets.pop() as number;
    const device = deviceOf.get(asset) as number;
    const asSuperAdmin = { token: superadmin, headers: tenant?.superAdmin.headers };
    expect((await call('DELETE', `/api/devices/${device}`, asSuperAdmin)).status).toBe(204);
    devices.splice(devices.indexOf(device), 1);
    expect((await call('DELETE', `/api/assets/${asset}`, { token: admin })).status).toBe(204);
    const after = await inbox(admin, '?itemsPerPage=100');
    expect(after.body['hydra:member'].map((entry) => entry.assetId)).not.toContain(asset);
    expect((await inbox(admin)).body['hydra:totalItems']).toBeLessThan(before);
  });

  it('stops the count at 1,000 open alarms and says so, still answering the newest page at once', async () => {
    let counted: OwnTenant | undefined;
    try {
      counted = await createOwnTenant('Alarm inbox count');
      const { claimSentAlarm, sentAlarmId } = await importStackModules();
      const { systemTenantContext } = await import('../../functions/lib/data/system-context');
      const ctx = systemTenantContext(counted.tenantId);
      const base = Date.now() - 2 * 86_400_000;
      const records = Array.from({ length: 1005 }, (_, i) => {
        const at = new Date(base + i * 60_000).toISOString();
        const event = { tenantId: String(counted?.tenantId), deviceId: 1 + (i % 7), kind: 0, at };
        return {
          id: sentAlarmId(event, 1),
          ruleId: 1,
          ruleName: 'Count',
          type: 0 as const,
          assetId: null,
          deviceId: event.deviceId,
          devEui: '00000000000000AA',
          at,
          text: `Alarm ${i}`,
          recipients: [],
          sentAt: null,
          acknowledgedAt: null,
          acknowledgedBy: null,
          status: 'sent' as const,
        };
      });
      for (let i = 0; i < records.length; i += 50)
        await Promise.all(records.slice(i, i + 50).map((record) => claimSentAlarm(ctx, record)));
      const token = await tokenOf(counted.adminLogin);
      const started = performance.now();
      const first = await inbox(token);
      const elapsed = performance.now() - started;
      expect(first.status).toBe(200);
      expect(first.body['hydra:totalItems']).toBe(1000);
      expect(first.headers.get('x-total-exact')).toBe('false');
      expect(first.body['hydra:member'].map((entry) => entry.text)).toEqual(
        Array.from({ length: 30 }, (_, i) => `Alarm ${1004 - i}`),
      );
      // The local figure for docs: one page, one bounded count, no asset reads (asset-less alarms).
      console.log(`alarm inbox, 1,005 open alarms: first page in ${Math.round(elapsed)} ms`);
      const deep = await inbox(token, '?page=34&itemsPerPage=30');
      expect(deep.body['hydra:member'].map((entry) => entry.text)).toEqual(
        Array.from({ length: 15 }, (_, i) => `Alarm ${14 - i}`),
      );
    } finally {
      await removeOwnTenant(counted);
    }
  });

  it('backfills the open alarms sent before the inbox existed, once, and never an acknowledged one', async () => {
    await importStackModules();
    const { backfillAlarmInbox } = await import('../../functions/lib/alarms/alarm-inbox-backfill');
    const { systemTenantContext } = await import('../../functions/lib/data/system-context');
    const { dynamo, tableName } = await import('../../functions/lib/data/client');
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const open = await entriesOf(admin, (entry) => entry.assetId === assets[0]);
    expect(open.length).toBeGreaterThan(0);
    const target = open[0] as AlarmInboxEntry;
    // As an alarm sent before this change was stored: no inbox keys.
    const key = {
      pk: `T#${tenant?.tenantId}#ASSET#${String(assets[0]).padStart(10, '0')}#ALARMS`,
      sk: `ALARM#${target.id}`,
    };
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'REMOVE gsi1pk, gsi1sk, gsi2pk, gsi2sk',
      }),
    );
    expect((await entriesOf(client, (entry) => entry.id === target.id)).length).toBe(0);
    const first = await backfillAlarmInbox(systemTenantContext(tenant?.tenantId as number));
    expect(first.keyed).toBeGreaterThanOrEqual(1);
    expect((await entriesOf(client, (entry) => entry.id === target.id)).length).toBe(1);
    expect((await entriesOf(admin, (entry) => entry.id === target.id)).length).toBe(1);
    expect((await backfillAlarmInbox(systemTenantContext(tenant?.tenantId as number))).keyed).toBe(0);
    // The alarm resolved in the first test stays out: exactly the unresolved ones are back.
    const after = await entriesOf(client, (entry) => entry.assetId === assets[0]);
    expect(after.map((entry) => entry.id).sort()).toEqual(open.map((entry) => entry.id).sort());
  });

  it('refuses pages and sizes beyond the bounds with 4xx', async () => {
    // API Platform's convention: a larger page size is cut to 100, not refused.
    const big = await inbox(admin, '?itemsPerPage=100000');
    expect(big.status).toBe(200);
    expect(big.body['hydra:member'].length).toBeLessThanOrEqual(100);
    for (const query of ['?itemsPerPage=0', '?itemsPerPage=-5', '?page=0', '?page=1000000000', '?page=abc']) {
      const answer = await inbox(admin, query);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
    expect((await call('GET', '/api/alarm-inbox')).status).toBe(401);
    expect((await call('PUT', '/api/assets/1/alarms/nope/acknowledge', { token: admin })).status).toBe(404);
  });
});
