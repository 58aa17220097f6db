import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { handler as noticeJob } from '../../functions/jobs/alarm-notices';
import { alarmNoticePartition } from '../../functions/lib/alarms/alarm-notice-store';
import { dynamo, tableName } from '../../functions/lib/data/client';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import type { AlarmRaised } from '../../functions/lib/pipeline/contracts';
import { handler as alarmHandler } from '../../functions/pipeline/alarm-handler';
import { handlerEnvironment, type PortName } from '../../scripts/local/config';
import { REPEAT_EVERY_INVALID } from '../../shared/schemas/alarm';
import { ALARM_HANDLING_MESSAGES } from '../../shared/schemas/alarm-handling';
import { type AlarmNoticePreferences, TIME_ZONE_INVALID } from '../../shared/schemas/alarm-notice';
import type { AssetAlarm } from '../../shared/schemas/asset-alarm';
import { call, tokenOf } from '../harness/api';
import { type CaughtMail, mailsTo, waitForMail, waitForMailMatching } from '../harness/mail';
import {
  addCustomerLogin,
  addTenantUser,
  createOwnTenant,
  type OwnTenant,
  removeOwnTenant,
} from '../harness/own-tenant';
import { readStack } from '../harness/stack';

/**
 * Alarm notices against the local stack (docs/decisions/0316-alarm-notices-per-user-held-repeated-and-escalated-by-one-due-job.md,
 * 0317): each user's choice through the API (their own only, in their tenant), the alarm handler telling the users
 * who take a rule now, holding or dropping outside their hours, and the notice job, run here with a given `now`,
 * releasing held notices, repeating an unacknowledged alarm up to its limit and escalating it, never twice and never
 * after the acknowledgement. Mails are read from the SMTP catcher; everything happens in a tenant of the file's own.
 */
type Violations = { violations: { propertyPath: string; message: string }[] };
type Alarms = { 'hydra:member': AssetAlarm[] };
const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
const clock = (ms: number) => iso(ms).slice(11, 16);

describe('alarm notices', () => {
  let tenant: OwnTenant;
  let admin: string;
  const people: Record<string, { login: string; token: string; email: string }> = {};
  const customers: Record<'a' | 'b', { id: number; token: string; email: string; asset: number }> = {} as never;
  let rule: number;
  const escalateTo = `notice-escalation-${Date.now()}@example.com`;
  const plain = `notice-plain-${Date.now()}@example.com`;
  let sequence = 0;
  /** An alarm left open by one test: the next run's reminders of it mark that run's mails as arrived. */
  let openOne = '';

  const person = (name: string) => people[name] as { login: string; token: string; email: string };
  const me = (token: string) => call<AlarmNoticePreferences>('GET', '/api/alarm-notices/me', { token });
  const choose = (token: string, body: Record<string, unknown>) =>
    call<AlarmNoticePreferences & Violations>('PUT', '/api/alarm-notices/me', { token, body });
  const settings = (over: Record<string, unknown> = {}) => ({
    rules: [rule],
    channels: ['email'],
    working_hours: null,
    quiet_hours: null,
    time_zone: 'Europe/Amsterdam',
    outside_hours: 'hold',
    ...over,
  });
  const run = (now: number) => noticeJob({ now: iso(now), tenants: [String(tenant.tenantId)] });
  /** Raises an alarm of the rule on the asset as the bus hands it to the alarm handler; answers its `at`. */
  async function raise(assetId: number) {
    sequence += 1;
    const event: AlarmRaised = {
      tenantId: String(tenant.tenantId),
      kind: 1,
      assetId,
      assetName: `Notice reel ${assetId}`,
      deviceId: 500 + sequence,
      deviceName: null,
      devEui: `00000000000005${String(sequence).padStart(2, '0')}`,
      zoneId: null,
      zoneName: null,
      at: iso(Date.now() - sequence * 1000),
      latitude: null,
      longitude: null,
    };
    await deliver(event);
    return event;
  }
  const deliver = (event: AlarmRaised) =>
    alarmHandler({ id: `notice-${event.devEui}`, 'detail-type': 'AlarmRaised', source: 'test', detail: event });
  const alarmOf = async (assetId: number, devEui: string) => {
    const list = await call<Alarms>('GET', `/api/assets/${assetId}/alarms`, { token: admin });
    return list.body['hydra:member'].find((alarm) => alarm.devEui === devEui) as AssetAlarm;
  };
  const aboutDevice = (devEui: string) => (mail: CaughtMail) => mail.text.includes(devEui);
  /** The alarm's entries in the notice job's due index (a finished one stays, out of the index). */
  const dueEntries = async (alarmId: string) =>
    (
      await dynamo().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :due)',
          ExpressionAttributeValues: {
            ':pk': alarmNoticePartition(systemTenantContext(String(tenant.tenantId)), alarmId),
            ':due': 'DUE#',
          },
        }),
      )
    ).Items?.filter((item) => item.gsi1pk !== undefined) ?? [];

  beforeAll(async () => {
    const stack = readStack();
    for (const [name, value] of Object.entries(stack.ports)) process.env[name as PortName] = String(value);
    Object.assign(process.env, handlerEnvironment(stack), {
      SNS_ENDPOINT: `http://127.0.0.1:${stack.ports.SNS_PORT}`,
      ALARM_TOPIC_ARN: 'arn:aws:sns:eu-west-1:000000000000:tracking-alarms',
      EVENTBRIDGE_ENDPOINT: `http://127.0.0.1:${stack.ports.EVENTBRIDGE_PORT}`,
      EVENT_BUS_NAME: 'tracking-pipeline',
    });
    tenant = await createOwnTenant('Alarm notices');
    admin = await tokenOf(tenant.adminLogin);
    for (const name of ['watcher', 'sleeper', 'dropper', 'escalation', 'bystander']) {
      const login = await addTenantUser(tenant, ['ROLE_USER']);
      people[name] = { login, token: await tokenOf(login), email: `${login}@own.local` };
    }
    const users = await call<{ 'hydra:member': { username: string; email: string }[] }>(
      'GET',
      '/api/users?itemsPerPage=100',
      { token: admin },
    );
    for (const key of ['a', 'b'] as const) {
      const login = await addCustomerLogin(tenant, `Notice customer ${key}`);
      const asset = await call<{ id: number }>('POST', '/api/assets', {
        token: admin,
        body: { name: `Notice reel ${key}`, client: login.customerId },
      });
      expect(asset.status).toBe(201);
      const again = await call<{ 'hydra:member': { username: string; email: string }[] }>(
        'GET',
        '/api/users?itemsPerPage=100',
        { token: admin },
      );
      const email = again.body['hydra:member'].find((user) => user.username === login.username)?.email as string;
      customers[key] = { id: login.customerId, token: login.token, email, asset: asset.body.id };
    }
    expect(users.status).toBe(200);
    const escalationUser = (
      await call<{ 'hydra:member': { id: number; username: string }[] }>('GET', '/api/users?itemsPerPage=100', {
        token: admin,
      })
    ).body['hydra:member'].find((user) => user.username === people.escalation?.login)?.id as number;
    const created = await call<{ id: number }>('POST', '/api/alarms', {
      token: admin,
      body: {
        name: 'Left the yard, with notices',
        type: 1,
        text: 'Asset {asset_name} left its zone ({dev_eui}).',
        email: plain,
        repeat_every: 10,
        repeat_times: 2,
        escalate_after: 25,
        escalate_to: escalateTo,
        escalate_users: [escalationUser],
      },
    });
    expect(created.status).toBe(201);
    rule = created.body.id;
    // The rule's plain address confirms its SNS subscription, as its owner would.
    const confirmation = await waitForMail(plain);
    const link = /(http:\/\/\S+\/confirm\?\S+)/.exec(confirmation.text)?.[1] as string;
    expect((await fetch(link)).status).toBe(200);
  }, 180_000);

  afterAll(() => removeOwnTenant(tenant));

  it('keeps repeat and escalation within their bounds on the rule', async () => {
    const refused = await call<Violations>('POST', '/api/alarms', {
      token: admin,
      body: { name: 'Too often', type: 1, text: 'x', repeat_every: 2, repeat_times: 3 },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.violations).toEqual([{ propertyPath: 'repeat_every', message: REPEAT_EVERY_INVALID }]);
    // The escalation users are active staff users of this tenant: an unknown id (another tenant's) is refused.
    const unknown = await call<Violations>('POST', '/api/alarms', {
      token: admin,
      body: { name: 'Unknown user', type: 1, text: 'x', escalate_after: 30, escalate_users: [987_654] },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.violations).toEqual([
      { propertyPath: 'escalate_users[0]', message: ALARM_HANDLING_MESSAGES.ownerUnknown },
    ]);
    const read = await call<Record<string, unknown>>('GET', `/api/alarms/${rule}`, { token: admin });
    expect(read.body).toMatchObject({ repeat_every: 10, repeat_times: 2, escalate_after: 25, escalate_to: escalateTo });
  });

  it("saves a user's own choice, refuses a bad zone and another tenant's rule, and touches nobody else's", async () => {
    const watcher = person('watcher');
    const before = await me(watcher.token);
    expect(before.body).toMatchObject({ own: false, rules: [] });
    expect(before.body.available_rules.map((r) => r.id)).toContain(rule);
    const badZone = await choose(watcher.token, settings({ time_zone: 'Europe/Atlantis' }));
    expect(badZone.status).toBe(422);
    expect(badZone.body.violations).toEqual([{ propertyPath: 'time_zone', message: TIME_ZONE_INVALID }]);
    // Another tenant sees none of this tenant's rules, and a rule it does not have is refused.
    const acme = await tokenOf('acme-user');
    const acmeView = await me(acme);
    expect(acmeView.body.available_rules.map((r) => r.name)).not.toContain('Left the yard, with notices');
    const unknown = await choose(acme, settings({ rules: [987_654] }));
    expect(unknown.status).toBe(422);
    expect(unknown.body.violations.map((v) => v.propertyPath)).toEqual(['rules[0]']);
    const saved = await choose(watcher.token, settings());
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ own: true, rules: [rule], channels: ['email'] });
    // Only one's own: the bystander still has the defaults, and no route names another user.
    expect((await me(person('bystander').token)).body.own).toBe(false);
    const other = await call('PUT', '/api/alarm-notices/1', { token: watcher.token, body: settings() });
    expect([403, 404, 405]).toContain(other.status);
  });

  it('lets administrators set defaults per role and per rule, and nobody else', async () => {
    const body = {
      roles: { ROLE_ACCOUNT_MANAGER: settings({ rules: 'all' }) },
      rules: [{ rule, roles: ['ROLE_ADMIN'] }],
    };
    const bystander = person('bystander');
    expect((await call('PUT', '/api/alarm-notices/defaults', { token: bystander.token, body })).status).toBe(403);
    expect((await call('PUT', '/api/alarm-notices/defaults', { token: customers.a.token, body })).status).toBe(403);
    const saved = await call<Record<string, unknown>>('PUT', '/api/alarm-notices/defaults', { token: admin, body });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ rules: [{ rule, roles: ['ROLE_ADMIN'] }], roles: { ROLE_USER: null } });
    // The administrator has no choice of their own: the rule's default tells them of it.
    const adminView = await me(admin);
    expect(adminView.body.own).toBe(false);
    const cleared = await call('PUT', '/api/alarm-notices/defaults', { token: admin, body: { roles: {}, rules: [] } });
    expect(cleared.status).toBe(200);
  });

  it("tells a client user only of their own customer's alarms, whatever they chose", async () => {
    // Push first: where Web Push fails (not set up here), the e-mail after it still goes.
    const both = settings({ channels: ['push', 'email'] });
    for (const key of ['a', 'b'] as const) expect((await choose(customers[key].token, both)).status).toBe(200);
    const onA = await raise(customers.a.asset);
    await waitForMailMatching(customers.a.email, aboutDevice(onA.devEui));
    const onB = await raise(customers.b.asset);
    await waitForMailMatching(customers.b.email, aboutDevice(onB.devEui));
    // Each alarm of the other customer came before the one that arrived: neither was told of it.
    expect((await mailsTo(customers.b.email)).filter(aboutDevice(onA.devEui))).toEqual([]);
    const aInbox = await waitForMailMatching(customers.a.email, aboutDevice(onA.devEui));
    expect(aInbox.subject).toBe(`Asset outside the geo zone: ${onA.assetName}`);
    expect((await mailsTo(customers.a.email)).filter(aboutDevice(onB.devEui))).toEqual([]);
  });

  it('holds a notice outside quiet hours until the job finds the window open, or drops it as chosen', async () => {
    const now = Date.now();
    const quiet = { from: clock(now - 60 * MINUTE), to: clock(now + 120 * MINUTE) };
    const [sleeper, dropper] = [person('sleeper'), person('dropper')];
    expect((await choose(sleeper.token, settings({ quiet_hours: quiet, time_zone: 'UTC' }))).status).toBe(200);
    const drop = settings({ quiet_hours: quiet, time_zone: 'UTC', outside_hours: 'drop' });
    expect((await choose(dropper.token, drop)).status).toBe(200);
    const event = await raise(customers.a.asset);
    const alarm = await alarmOf(customers.a.asset, event.devEui);
    const held = await dueEntries(alarm.id);
    expect(held.map((entry) => entry.sk)).toEqual(expect.arrayContaining([`DUE#HELD#${await idOf(sleeper)}#email`]));
    const opens = held.find((entry) => String(entry.sk).startsWith('DUE#HELD#'))?.due as string;
    expect(opens.slice(11, 16)).toBe(quiet.to);
    expect((await run(Date.parse(opens) - MINUTE)).released).toBe(0);
    expect((await run(Date.parse(opens))).released).toBeGreaterThanOrEqual(1);
    await waitForMailMatching(sleeper.email, aboutDevice(event.devEui));
    // The dropper's would have gone when the alarm was recorded, long before the sleeper's was released (the
    // alarm's repeats, sent in these runs inside both windows, reach them both).
    const firstNotice = (m: CaughtMail) => aboutDevice(event.devEui)(m) && m.subject.startsWith('Asset outside');
    expect((await mailsTo(dropper.email)).filter(firstNotice)).toEqual([]);
    // Released once: its entry is gone (the alarm's own repeats went in these runs too, by then long due).
    expect((await dueEntries(alarm.id)).filter((entry) => String(entry.sk).startsWith('DUE#HELD#'))).toEqual([]);
    for (const quietOne of [sleeper, dropper]) {
      expect((await call('DELETE', '/api/alarm-notices/me', { token: quietOne.token })).status).toBe(204);
    }
  });

  const idOf = async (person: { email: string }) =>
    (
      await call<{ 'hydra:member': { id: number; email: string }[] }>('GET', '/api/users?itemsPerPage=100', {
        token: admin,
      })
    ).body['hydra:member'].find((user) => user.email === person.email)?.id;

  it('repeats an unacknowledged alarm up to its limit, escalates it after M minutes, and never twice', async () => {
    const watcher = person('watcher');
    const escalation = person('escalation');
    const event = await raise(customers.b.asset);
    const recorded = Date.now();
    await waitForMailMatching(watcher.email, aboutDevice(event.devEui));
    const about = aboutDevice(event.devEui);
    const count = async (address: string, prefix: string) =>
      (await mailsTo(address)).filter((mail) => about(mail) && mail.subject.startsWith(prefix)).length;

    expect((await run(recorded + 10 * MINUTE)).repeated).toBe(1);
    // The same run again: nothing is due any more, nothing goes twice.
    expect((await run(recorded + 10 * MINUTE)).repeated).toBe(0);
    await waitForMailMatching(watcher.email, (m) => about(m) && m.subject.startsWith('Reminder 1/2: '));
    await waitForMailMatching(plain, (m) => about(m) && m.subject.startsWith('Reminder 1/2: '));
    expect((await run(recorded + 20 * MINUTE)).repeated).toBe(1);
    await waitForMailMatching(watcher.email, (m) => about(m) && m.subject.startsWith('Reminder 2/2: '));
    // Nobody was told of the escalation before its 25 minutes.
    expect(await count(escalateTo, 'Escalated')).toBe(0);
    const escalated = await run(recorded + 25 * MINUTE);
    expect(escalated).toMatchObject({ escalated: 1, repeated: 0 });
    await waitForMailMatching(escalateTo, (m) => about(m) && m.subject.startsWith('Escalated: '));
    await waitForMailMatching(escalation.email, (m) => about(m) && m.subject.startsWith('Escalated: '));
    // Past its limit and escalated: the follow-up is done, a later run sends nothing.
    expect(await run(recorded + 90 * MINUTE)).toMatchObject({ repeated: 0, escalated: 0 });
    const alarm = await alarmOf(customers.b.asset, event.devEui);
    expect(await dueEntries(alarm.id)).toEqual([]);
    expect(await count(watcher.email, 'Reminder 1/2')).toBe(1);
    expect(await count(watcher.email, 'Reminder 2/2')).toBe(1);

    // A redelivered event tells nobody again: its first notice is claimed. A later alarm's notice proves it handled.
    await deliver(event);
    const later = await raise(customers.b.asset);
    await waitForMailMatching(watcher.email, aboutDevice(later.devEui));
    openOne = later.devEui;
    expect((await mailsTo(watcher.email)).filter((m) => about(m) && !m.subject.includes('/'))).toHaveLength(1);
  });

  it('stops repeating and escalating once the alarm is acknowledged', async () => {
    const event = await raise(customers.a.asset);
    const recorded = Date.now();
    const alarm = await alarmOf(customers.a.asset, event.devEui);
    expect((await dueEntries(alarm.id)).map((entry) => entry.sk)).toEqual(['DUE#FOLLOW']);
    const ack = await call('PUT', `/api/assets/${customers.a.asset}/alarms/${alarm.id}/acknowledge`, {
      token: admin,
      body: { comment: 'On it' },
    });
    expect(ack.status).toBe(200);
    expect(await dueEntries(alarm.id)).toEqual([]);
    // A run past its repeats and escalation: another alarm still open (the one redelivered above) is reminded in
    // it; this one is told nothing more.
    await run(recorded + 30 * MINUTE);
    await waitForMailMatching(
      person('watcher').email,
      (m) => m.text.includes(openOne) && m.subject.startsWith('Reminder'),
    );
    const after = (m: CaughtMail) => m.text.includes(event.devEui) && !m.subject.startsWith('Asset outside');
    expect((await mailsTo(person('watcher').email)).filter(after)).toEqual([]);
    expect((await mailsTo(escalateTo)).filter(after)).toEqual([]);
  });
});
