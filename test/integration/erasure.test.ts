import { randomBytes } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { handler as tenantWalkJob } from '../../functions/jobs/tenant-walks';
import { TABLE_NAME } from '../../scripts/local/config';
import type { PersonalData } from '../../shared/schemas/personal-data';
import { call, DEMO_PASSWORD, tokenOf } from '../harness/api';
import { localTable, pointProcessAtStack } from '../harness/stack';
import { createSweepTenant, removeSweepTenant, type SweepTenant } from '../harness/sweep/sweep-tenant';
import { publishMqtt, waitFor } from '../harness/uplinks';

/**
 * Erasing a person and handing them their data, against the local stack. The person signs in (and once fails
 * to), changes things, is mailed by an alarm rule that fires and acknowledges its alarm, receives the report
 * mails and looks after a customer; their data is exported, then erased. Afterwards the whole table is read and
 * holds their address, login and name nowhere, while the audit trail still holds every entry, under a pseudonym.
 */
const HOME = { latitude: 52.09, longitude: 5.12 };
const AWAY = { latitude: 52.54, longitude: 5.12 };
const T0 = Math.floor((Date.now() - 150 * 60_000) / 1000) * 1000;
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

interface AuditPage {
  'hydra:member': { action: string; actor: { id: string; name: string } }[];
  'hydra:totalItems': number;
}

/** Every item of the table (all tenants) whose attributes mention one of the texts, case-insensitive. */
async function itemsMentioning(texts: string[]): Promise<Record<string, unknown>[]> {
  const wanted = texts.map((text) => text.toLowerCase());
  const found: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await localTable().client.send(
      new ScanCommand({ TableName: TABLE_NAME, ExclusiveStartKey: startKey }),
    );
    for (const item of page.Items ?? []) {
      const text = JSON.stringify(item).toLowerCase();
      if (wanted.some((part) => text.includes(part))) found.push(item);
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return found;
}

describe('erasing a person', () => {
  let tenant: SweepTenant;
  let admin: string;
  const suffix = randomBytes(4).toString('hex');
  const person = {
    username: `erin-${suffix}`,
    email: `Erin.${suffix}@erasure-test.local`,
    name: `Erin Erased ${suffix}`,
  };
  const api = <T = Record<string, unknown>>(method: string, path: string, body?: unknown, token = admin) =>
    call<T>(method, path, { token, ...(body === undefined ? {} : { body }) });

  beforeAll(async () => {
    // The tenant-walk job runs in this process, as the scheduled Lambda would.
    pointProcessAtStack();
    tenant = await createSweepTenant('erasure');
    admin = await tokenOf(tenant.adminLogin);
  });
  afterAll(() => removeSweepTenant(tenant));

  it('exports what is held about them, then leaves no copy of their address, login or name', async () => {
    const created = await api<{ id: number }>('POST', '/api/users', {
      ...person,
      roles: ['ROLE_ADMIN'],
      password: DEMO_PASSWORD,
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect(
      (await call('POST', '/user/sign-in', { body: { email: person.username, password: 'Not-Hers-1!' } })).status,
    ).toBe(401);
    const erin = await tokenOf(person.username);

    // What they set up and were set up with: a rule mailing them (and a colleague), the report mails, a customer.
    const zone = await api<{ id: number }>(
      'POST',
      '/api/geo-zones',
      {
        name: 'Yard',
        geometry: { type: 'Point', coordinates: [HOME.longitude, HOME.latitude], radius: 300 },
      },
      erin,
    );
    const colleague = `colleague-${suffix}@erasure-test.local`;
    const rule = await api<{ id: number }>('POST', '/api/alarms', {
      name: 'Left the yard',
      type: 1,
      text: '{asset_name} left {zone_name}',
      email: `${colleague}, ${person.email.toLowerCase()}`,
    });
    const reportMails = { name: 'notifications', data: { language: 'nl', email: person.email } };
    const listed = await api<{ 'hydra:member': { id: number; version: number }[] }>(
      'GET',
      '/api/frontend-settings?name=notifications',
    );
    const setting = listed.body['hydra:member'][0];
    const notifications = setting
      ? await api('PUT', `/api/frontend-settings/${setting.id}`, { ...reportMails, version: setting.version })
      : await api('POST', '/api/frontend-settings', reportMails);
    expect(notifications.status).toBeLessThan(300);
    const customer = await api<{ id: number }>('POST', '/api/clients', {
      name: `Customer ${suffix}`,
      email: `customer-${suffix}@erasure-test.local`,
      account_manager: id,
    });
    expect([zone.status, rule.status, customer.status]).toEqual([201, 201, 201]);

    // A tag leaves the yard: the rule fires and mails them; they acknowledge the alarm.
    const devEui = randomBytes(8).toString('hex').toUpperCase();
    const tag = await call<{ id: number }>('POST', '/api/devices', {
      ...tenant.superAdmin,
      body: { name: 'Tag', dev_eui: devEui },
    });
    const asset = await api<{ id: number }>(
      'POST',
      '/api/assets',
      {
        name: 'Reel E-1',
        devices: [tag.body.id],
        geo_zone: zone.body.id,
      },
      erin,
    );
    expect([tag.status, asset.status]).toEqual([201, 201]);
    for (const [minutes, where] of [
      [0, HOME],
      [1, HOME],
      [120, AWAY],
      [140, AWAY],
    ] as const)
      await publishMqtt({ devEui, at: at(minutes), payload: { eventType: 'moving', fix: { ...where, accuracy: 5 } } });
    const alarms = await waitFor(
      () =>
        api<{ 'hydra:member': { id: string; recipients: string[] }[] }>('GET', `/api/assets/${asset.body.id}/alarms`),
      (answer) => answer.body['hydra:member']?.length > 0,
    );
    const alarm = alarms.body['hydra:member'][0];
    expect(alarm?.recipients).toContain(person.email.toLowerCase());
    const acknowledged = await api('PUT', `/api/assets/${asset.body.id}/alarms/${alarm?.id}/acknowledge`, {}, erin);
    expect(acknowledged.status).toBe(200);

    // Their data, as they would be handed it.
    const exported = await api<PersonalData>('POST', `/api/users/${id}/personal-data`);
    expect(exported.status).toBe(200);
    expect(exported.body.account).toMatchObject({ id, username: person.username, email: person.email });
    expect(exported.body.alarmRecipientOf).toEqual([{ id: rule.body.id, name: 'Left the yard' }]);
    expect(exported.body.reportAddress).toBe(true);
    expect(exported.body.accountManagerOf).toEqual([{ id: customer.body.id, name: expect.any(String) }]);
    expect(exported.body.auditAsActor.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['session.signIn', 'geoZones.create', 'assets.create', 'assetAlarms.acknowledge']),
    );
    expect(exported.body.auditAboutThem.map((entry) => entry.action)).toContain('users.create');
    const before = await api<AuditPage>('GET', `/api/audit?actor=user:${id}&itemsPerPage=100`);

    // Erased: the account at once, the history by the tenant-walk job.
    const erased = await api('POST', `/api/users/${id}/erase`);
    expect(erased.status).toBe(200);
    expect(erased.body).toMatchObject({ '@type': 'Erasure', user: id, status: 'running' });
    expect((await api('GET', '/api/me', undefined, erin)).status).toBe(401);
    expect((await api<{ email: string }>('GET', `/api/alarms/${rule.body.id}`)).body.email).toBe(colleague);
    expect(
      (await api<{ account_manager: unknown }>('GET', `/api/clients/${customer.body.id}`)).body.account_manager,
    ).toBeNull();
    const settingsAfter = await api<{ 'hydra:member': { data: { email: string | null } }[] }>(
      'GET',
      '/api/frontend-settings?name=notifications',
    );
    expect(settingsAfter.body['hydra:member'][0]?.data.email).toBeNull();
    expect((await tenantWalkJob({ tenants: [String(tenant.tenantId)] })).erasures).toEqual({ finished: 1, left: 0 });

    expect(await itemsMentioning([person.email, person.username, person.name])).toEqual([]);
    // The login signs in no more (a try after the erasure is counted like any unknown login's).
    expect(
      (await call('POST', '/user/sign-in', { body: { email: person.username, password: DEMO_PASSWORD } })).status,
    ).toBe(401);
    // The trail is whole and readable: the same entries, under the pseudonym.
    const after = await api<AuditPage>('GET', `/api/audit?actor=user:${id}&itemsPerPage=100`);
    expect(after.body['hydra:totalItems']).toBe(before.body['hydra:totalItems']);
    expect(new Set(after.body['hydra:member'].map((entry) => entry.actor.name))).toEqual(
      new Set([`erased-user-${id}`]),
    );
    const erasures = await api<AuditPage>('GET', '/api/audit?action=users.erase');
    expect(erasures.body['hydra:member'].map((entry) => entry.actor.name)).toEqual([tenant.adminLogin]);
    const exports = await api<AuditPage>('GET', '/api/audit?action=users.exportPersonalData');
    expect(exports.body['hydra:totalItems']).toBe(1);
    // Done: there is nobody left to erase.
    expect((await api('POST', `/api/users/${id}/erase`)).status).toBe(404);
  }, 180_000);

  // Another tenant's users are the isolation sweep's: every route of the table, with ids of another tenant.
  it('refuses to erase oneself', async () => {
    const self = await api<{ id: number }>('GET', '/api/me');
    expect((await api('POST', `/api/users/${self.body.id}/erase`)).status).toBe(403);
    expect((await api('GET', '/api/me')).status).toBe(200);
  });
});
