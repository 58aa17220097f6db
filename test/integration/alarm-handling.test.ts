import { handlerEnvironment, type PortName } from '../../scripts/local/config';
import type { AlarmAssignee } from '../../shared/schemas/alarm-handling';
import type { AlarmInboxEntry } from '../../shared/schemas/alarm-inbox';
import type { AssetAlarm } from '../../shared/schemas/asset-alarm';
import { call, tokenOf } from '../harness/api';
import {
  addCustomerLogin,
  addTenantUser,
  createOwnTenant,
  type OwnTenant,
  removeOwnTenant,
} from '../harness/own-tenant';
import { readStack } from '../harness/stack';

/**
 * An alarm's life (docs/decisions/0310-a-sent-alarm-has-an-owner-and-a-life-open-acknowledged-resolved.md):
 * assigned to a staff user or taken, acknowledged and resolved with comments, each step in its history; the
 * inbox's state and owner filters; who may act on which alarm; stale versions. The alarms are recorded by
 * the alarm handler's own repository functions (as the isolation sweep seeds its alarms), in a tenant of the
 * file's own, so no pipeline run and no other file's alarms are in the way.
 */
type Inbox = { 'hydra:member': AlarmInboxEntry[]; 'hydra:totalItems': number };
type Assignees = { 'hydra:member': AlarmAssignee[] };

async function alarmModules() {
  const stack = readStack();
  for (const [name, value] of Object.entries(stack.ports)) process.env[name as PortName] = String(value);
  Object.assign(process.env, handlerEnvironment(stack));
  const sent = await import('../../functions/lib/alarms/sent-alarms');
  const { systemTenantContext } = await import('../../functions/lib/data/system-context');
  return { ...sent, systemTenantContext };
}

let sequence = 0;
/** An open alarm of the asset (its customer's inbox too), as the alarm handler records it. */
async function recordAlarm(tenantId: number, assetId: number, clientId: number | null): Promise<string> {
  const { claimSentAlarm, markSentAlarm, sentAlarmId, systemTenantContext } = await alarmModules();
  sequence += 1;
  const at = new Date(Date.now() - 60_000 + sequence).toISOString();
  const id = sentAlarmId({ tenantId: String(tenantId), deviceId: 1, kind: 1, at }, 1);
  const record = {
    id,
    ruleId: 1,
    ruleName: 'Handling',
    type: 1 as const,
    assetId,
    deviceId: 1,
    devEui: '00000000000000A1',
    at,
    text: `Handling alarm ${sequence}`,
    recipients: [],
    sentAt: null,
    acknowledgedAt: null,
    acknowledgedBy: null,
    status: 'sending' as const,
    clientId,
  };
  const ctx = systemTenantContext(tenantId);
  await claimSentAlarm(ctx, record);
  await markSentAlarm(ctx, record, at);
  return id;
}

describe('alarm handling', () => {
  let tenant: OwnTenant;
  let admin: string;
  let adminLogin: string;
  let colleague: AlarmAssignee;
  let gone: AlarmAssignee;
  let client: { customerId: number; username: string; token: string };
  let acme: string;
  const assets: number[] = [];

  const inbox = (token: string, query = '') => call<Inbox>('GET', `/api/alarm-inbox${query}`, { token });
  const idsOf = (answer: { body: Inbox }) => answer.body['hydra:member'].map((entry) => entry.id).sort();
  const put = (token: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    call<AssetAlarm>('PUT', path, { token, body, headers });

  beforeAll(async () => {
    tenant = await createOwnTenant('Alarm handling');
    adminLogin = tenant.adminLogin;
    const [colleagueLogin, goneLogin] = await Promise.all([
      addTenantUser(tenant, ['ROLE_USER']),
      addTenantUser(tenant, ['ROLE_USER']),
    ]);
    [admin, acme] = await Promise.all([tokenOf(adminLogin), tokenOf('acme-admin')]);
    client = await addCustomerLogin(tenant, 'Handling customer 1');
    const other = await call<{ id: number }>('POST', '/api/clients', {
      token: admin,
      body: { name: 'Handling customer 2', email: 'handling-customer-2@own.local' },
    });
    for (const customer of [client.customerId, other.body.id]) {
      const asset = await call<{ id: number }>('POST', '/api/assets', {
        token: admin,
        body: { name: `Handling reel ${customer}`, client: customer },
      });
      expect(asset.status).toBe(201);
      assets.push(asset.body.id);
    }
    const people = (await call<Assignees>('GET', '/api/alarm-inbox/assignees', { token: admin })).body['hydra:member'];
    colleague = people.find((person) => person.username === colleagueLogin) as AlarmAssignee;
    gone = people.find((person) => person.username === goneLogin) as AlarmAssignee;
    expect(colleague).toBeDefined();
    expect(people.map((person) => person.username)).not.toContain(client.username);
    const user = await call<{ version: number; name: string }>('GET', `/api/users/${gone.id}`, { token: admin });
    const off = await call('PUT', `/api/users/${gone.id}`, {
      token: admin,
      body: { name: user.body.name, active: false, version: user.body.version },
    });
    expect(off.status).toBe(200);
  }, 180_000);

  afterAll(() => removeOwnTenant(tenant));

  it('assigns, acknowledges with a comment and resolves an alarm, each step in its history and the audit log', async () => {
    const alarmId = await recordAlarm(tenant.tenantId, assets[0] as number, client.customerId);
    const path = `/api/assets/${assets[0]}/alarms/${alarmId}`;
    const listed = (await inbox(admin)).body['hydra:member'].find((entry) => entry.id === alarmId);
    expect(listed).toMatchObject({ state: 'open', owner: null, version: 1, history: [] });

    const assigned = await put(admin, `${path}/assign`, { owner: colleague.id, version: 1 });
    expect(assigned.status).toBe(200);
    expect(assigned.headers.get('etag')).toBe('"2"');
    expect(assigned.body).toMatchObject({ state: 'open', owner: { id: colleague.id, username: colleague.username } });

    const acknowledged = await put(
      client.token,
      `${path}/acknowledge`,
      { comment: '  On my way  ' },
      { 'if-match': '"2"' },
    );
    expect(acknowledged.status).toBe(200);
    expect(acknowledged.body).toMatchObject({ state: 'acknowledged', acknowledgedBy: client.username, version: 3 });
    expect((await put(admin, `${path}/acknowledge`)).status).toBe(409);
    // Acknowledged is not resolved: the alarm stays in both inboxes, under its state.
    expect(idsOf(await inbox(admin, '?state=acknowledged'))).toContain(alarmId);
    expect(idsOf(await inbox(admin, '?state=open'))).not.toContain(alarmId);
    expect(idsOf(await inbox(client.token))).toContain(alarmId);

    const resolved = await put(admin, `${path}/resolve`, { comment: 'Reel back in the yard' });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({ state: 'resolved', resolvedBy: adminLogin, version: 4 });
    expect(resolved.body.history.map(({ step, by, comment }) => ({ step, by, comment }))).toEqual([
      { step: 'assigned', by: adminLogin, comment: null },
      { step: 'acknowledged', by: client.username, comment: 'On my way' },
      { step: 'resolved', by: adminLogin, comment: 'Reel back in the yard' },
    ]);
    expect(resolved.body.history[0]?.owner).toEqual({ id: colleague.id, username: colleague.username });
    const resolvedAgain = await put(admin, `${path}/resolve`);
    expect(resolvedAgain.status).toBe(409);
    expect(resolvedAgain.body).toMatchObject({ detail: 'This alarm was already resolved.' });
    expect((await put(admin, `${path}/assign`, { owner: null })).status).toBe(409);

    // Resolved: in no inbox, on the asset's Alarms tab with its history.
    expect(idsOf(await inbox(admin))).not.toContain(alarmId);
    expect(idsOf(await inbox(client.token))).not.toContain(alarmId);
    const tab = await call<{ 'hydra:member': AssetAlarm[] }>('GET', `/api/assets/${assets[0]}/alarms`, {
      token: client.token,
    });
    expect(tab.body['hydra:member'].find((alarm) => alarm.id === alarmId)?.history).toHaveLength(3);

    const audit = await call<{ 'hydra:member': { action: string }[] }>('GET', '/api/audit?itemsPerPage=100', {
      token: admin,
    });
    expect(audit.body['hydra:member'].map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['assetAlarms.assign', 'assetAlarms.acknowledge', 'assetAlarms.resolve']),
    );
  });

  it('filters the inbox by owner and state: taken by me, nobody’s, another’s', async () => {
    const mine = await recordAlarm(tenant.tenantId, assets[1] as number, null);
    const theirs = await recordAlarm(tenant.tenantId, assets[1] as number, null);
    const nobodys = await recordAlarm(tenant.tenantId, assets[1] as number, null);
    const base = `/api/assets/${assets[1]}/alarms`;
    const me = (await call<{ id: number }>('GET', '/api/me', { token: admin })).body.id;
    expect((await put(admin, `${base}/${mine}/assign`, { owner: me })).status).toBe(200);
    expect((await put(admin, `${base}/${theirs}/assign`, { owner: colleague.id })).status).toBe(200);
    const ours = new Set([mine, theirs, nobodys]);
    const only = async (query: string) => idsOf(await inbox(admin, query)).filter((id) => ours.has(id));
    expect(await only('?owner=me')).toEqual([mine]);
    expect(await only(`?owner=${colleague.id}`)).toEqual([theirs]);
    expect(await only('?owner=none')).toEqual([nobodys]);
    expect(await only('?owner=none&state=acknowledged')).toEqual([]);
    expect(await only('')).toEqual([mine, theirs, nobodys].sort());
    // Given back: nobody's again.
    expect((await put(admin, `${base}/${theirs}/assign`, { owner: null })).body.owner).toBeNull();
    expect(await only('?owner=none')).toEqual([nobodys, theirs].sort());
    for (const query of ['?state=closed', '?owner=someone']) expect((await inbox(admin, query)).status).toBe(422);
  });

  it('refuses a deactivated owner, a client user, an unknown id, and bad input', async () => {
    const alarmId = await recordAlarm(tenant.tenantId, assets[1] as number, null);
    const path = `/api/assets/${assets[1]}/alarms/${alarmId}`;
    const clientUser = (await call<{ id: number }>('GET', '/api/me', { token: client.token })).body;
    for (const owner of [gone.id, clientUser.id, 999_999]) {
      const refused = await put(admin, `${path}/assign`, { owner });
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ violations: [{ propertyPath: 'owner' }] });
    }
    expect((await put(admin, `${path}/assign`, { owner: 'me' })).status).toBe(422);
    expect((await put(admin, `${path}/acknowledge`, { comment: 'x'.repeat(1001) })).status).toBe(422);
    const untouched = await call<{ 'hydra:member': AssetAlarm[] }>('GET', `/api/assets/${assets[1]}/alarms`, {
      token: admin,
    });
    expect(untouched.body['hydra:member'].find((alarm) => alarm.id === alarmId)).toMatchObject({
      state: 'open',
      owner: null,
      version: 1,
    });
  });

  it('never assigns a user of another tenant: an id names a user of the caller’s tenant or nobody', async () => {
    const alarmId = await recordAlarm(tenant.tenantId, assets[1] as number, null);
    const path = `/api/assets/${assets[1]}/alarms/${alarmId}/assign`;
    const ours = (await call<Assignees>('GET', '/api/alarm-inbox/assignees', { token: admin })).body['hydra:member'];
    const theirs = (await call<Assignees>('GET', '/api/alarm-inbox/assignees', { token: acme })).body['hydra:member'];
    expect(theirs.length).toBeGreaterThan(0);
    for (const stranger of theirs) {
      const answer = await put(admin, path, { owner: stranger.id });
      // User ids are counted per tenant: acme's id names one of our active staff (then the owner is ours) or nobody.
      const namesake = ours.find((person) => person.id === stranger.id);
      if (namesake) expect(answer.body.owner).toEqual({ id: namesake.id, username: namesake.username });
      else expect(answer.status).toBe(422);
      expect(answer.body.owner?.username).not.toBe(stranger.username);
    }
  });

  it('keeps client users to their customer’s alarms and other tenants out; staff assign', async () => {
    const othersAlarm = await recordAlarm(tenant.tenantId, assets[1] as number, null);
    const ownAlarm = await recordAlarm(tenant.tenantId, assets[0] as number, client.customerId);
    const others = `/api/assets/${assets[1]}/alarms/${othersAlarm}`;
    for (const step of ['acknowledge', 'resolve']) {
      expect((await put(client.token, `${others}/${step}`)).status).toBe(404);
      expect((await put(acme, `${others}/${step}`)).status).toBe(404);
    }
    expect((await put(acme, `${others}/assign`, { owner: null })).status).toBe(404);
    // Another tenant's alarm id under one of acme's own assets names nothing there.
    const acmeAssets = await call<{ 'hydra:member': { id: number }[] }>('GET', '/api/assets?itemsPerPage=1', {
      token: acme,
    });
    const acmeAsset = acmeAssets.body['hydra:member'][0]?.id;
    expect((await put(acme, `/api/assets/${acmeAsset}/alarms/${othersAlarm}/resolve`)).status).toBe(404);
    // Assigning is staff's work.
    const own = `/api/assets/${assets[0]}/alarms/${ownAlarm}`;
    expect((await put(client.token, `${own}/assign`, { owner: colleague.id })).status).toBe(403);
    expect((await call('GET', '/api/alarm-inbox/assignees', { token: client.token })).status).toBe(403);
    expect((await put(client.token, `${own}/resolve`, { comment: 'Seen to' })).status).toBe(200);
  });

  it('answers 412 to a stale If-Match and 409 to a stale body version, writing nothing', async () => {
    const alarmId = await recordAlarm(tenant.tenantId, assets[1] as number, null);
    const path = `/api/assets/${assets[1]}/alarms/${alarmId}`;
    expect((await put(admin, `${path}/assign`, { owner: colleague.id, version: 1 })).status).toBe(200);
    expect((await put(admin, `${path}/acknowledge`, {}, { 'if-match': '"1"' })).status).toBe(412);
    expect((await put(admin, `${path}/resolve`, { version: 1 })).status).toBe(409);
    expect((await put(admin, `${path}/assign`, { owner: null, version: 1 })).status).toBe(409);
    const current = await call<{ 'hydra:member': AssetAlarm[] }>('GET', `/api/assets/${assets[1]}/alarms`, {
      token: admin,
    });
    expect(current.body['hydra:member'].find((alarm) => alarm.id === alarmId)).toMatchObject({
      state: 'open',
      owner: { id: colleague.id },
      version: 2,
    });
    expect((await put(admin, `${path}/resolve`, { version: 2 })).status).toBe(200);
  });
});
