import { call, tokenOf } from '../harness/api';

/** Alarm rules (spec 000 /alarm-rules, s.3, s.5, s.7). */
interface Alarm {
  id: number;
  name: string;
  type: 0 | 1 | 2;
  text: string;
  email: string | null;
  version: number;
}
interface Collection<T> {
  'hydra:member': T[];
  'hydra:totalItems': number;
  'hydra:view'?: Record<string, string>;
}
interface Violations {
  violations: { propertyPath: string; message: string }[];
}

const unique = Date.now().toString(36);
const messagesOf = (body: unknown) => (body as Violations).violations.map((v) => `${v.propertyPath}: ${v.message}`);

async function createAlarm(body: Record<string, unknown>) {
  const response = await call<Alarm>('POST', '/api/alarms', { token: await tokenOf('admin'), body });
  expect(response.status).toBe(201);
  return response.body;
}

describe('alarm rules', () => {
  it('lists the rules 20 per page in id order, or all with pagination=false', async () => {
    const admin = await tokenOf('admin');
    for (let i = 0; i < 21; i++) await createAlarm({ name: `Paged ${i} ${unique}`, type: i % 3, text: 'Text' });
    const first = await call<Collection<Alarm>>('GET', '/api/alarms', { token: admin });
    expect(first.status).toBe(200);
    expect(first.body['hydra:member']).toHaveLength(20);
    expect(first.body['hydra:totalItems']).toBeGreaterThanOrEqual(21);
    const ids = first.body['hydra:member'].map((a) => a.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(first.body['hydra:view']?.['hydra:next']).toBe('/api/alarms?page=2');
    const second = await call<Collection<Alarm>>('GET', '/api/alarms?page=2', { token: admin });
    expect(second.body['hydra:member'][0]?.id).toBeGreaterThan(ids[19] as number);
    const all = await call<Collection<Alarm>>('GET', '/api/alarms?pagination=false', { token: admin });
    expect(all.body['hydra:member']).toHaveLength(all.body['hydra:totalItems']);
  });

  it('creates, reads, updates and deletes a rule with several recipients', async () => {
    const admin = await tokenOf('admin');
    const created = await createAlarm({
      name: `Zone exit ${unique}`,
      type: '1',
      text: 'Asset {asset_name} left {zone_name}',
      email: 'planning@demo.example; ops@demo.example,  night@demo.example',
    });
    expect(created).toMatchObject({
      type: 1,
      email: 'planning@demo.example, ops@demo.example, night@demo.example',
      version: 1,
    });
    const read = await call<Alarm>('GET', `/api/alarms/${created.id}`, { token: admin });
    expect(read.body).toMatchObject({ '@id': `/api/alarms/${created.id}`, name: `Zone exit ${unique}` });

    const updated = await call<Alarm>('PUT', `/api/alarms/${created.id}`, {
      token: admin,
      body: { name: `Battery ${unique}`, type: 2, text: 'Low {asset_name}', email: '', version: 1 },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: `Battery ${unique}`, type: 2, email: null, version: 2 });

    const stale = await call('PUT', `/api/alarms/${created.id}`, {
      token: admin,
      body: { name: 'Stale', type: 0, text: 'T', version: 1 },
    });
    expect(stale.status).toBe(409);

    expect((await call('DELETE', `/api/alarms/${created.id}`, { token: admin })).status).toBe(204);
    expect((await call('GET', `/api/alarms/${created.id}`, { token: admin })).status).toBe(404);
    expect((await call('DELETE', `/api/alarms/${created.id}`, { token: admin })).status).toBe(404);
  });

  it("answers the spec's messages and names each bad recipient", async () => {
    const admin = await tokenOf('admin');
    const empty = await call('POST', '/api/alarms', { token: admin, body: { name: ' ', text: '' } });
    expect(empty.status).toBe(422);
    expect(messagesOf(empty.body)).toEqual([
      'name: The name is required',
      'type: Select one type',
      'text: The text is required',
    ]);
    const badType = await call('POST', '/api/alarms', { token: admin, body: { name: 'N', type: 11, text: 'T' } });
    expect(messagesOf(badType.body)).toEqual(['type: Select one type']);
    const badEmail = await call('POST', '/api/alarms', {
      token: admin,
      body: { name: 'N', type: 0, text: 'T', email: 'ok@demo.example, not-an-address, also@bad' },
    });
    expect(badEmail.status).toBe(422);
    expect(messagesOf(badEmail.body)).toEqual([
      'email: Must be a valid email: not-an-address',
      'email: Must be a valid email: also@bad',
    ]);
  });

  it('follows the role matrix: staff with ALARM_READ read, only admins write, client users get 403', async () => {
    const created = await createAlarm({ name: `Roles ${unique}`, type: 0, text: 'T' });
    expect((await call('GET', '/api/alarms')).status).toBe(401);
    for (const login of ['user', 'manager']) {
      const token = await tokenOf(login);
      expect((await call('GET', '/api/alarms', { token })).status).toBe(200);
      expect((await call('GET', `/api/alarms/${created.id}`, { token })).status).toBe(200);
      expect((await call('POST', '/api/alarms', { token, body: { name: 'N', type: 0, text: 'T' } })).status).toBe(403);
      const put = await call('PUT', `/api/alarms/${created.id}`, {
        token,
        body: { name: 'N', type: 0, text: 'T', version: 1 },
      });
      expect(put.status).toBe(403);
      expect((await call('DELETE', `/api/alarms/${created.id}`, { token })).status).toBe(403);
    }
    for (const login of ['client', 'transporter']) {
      const token = await tokenOf(login);
      expect((await call('GET', '/api/alarms', { token })).status).toBe(403);
      expect((await call('GET', `/api/alarms/${created.id}`, { token })).status).toBe(403);
      expect((await call('POST', '/api/alarms', { token, body: { name: 'N', type: 0, text: 'T' } })).status).toBe(403);
    }
    const superadmin = await tokenOf('superadmin');
    expect((await call('GET', `/api/alarms/${created.id}`, { token: superadmin })).status).toBe(200);
  });

  it('keeps tenants apart', async () => {
    const created = await createAlarm({ name: `Tenant ${unique}`, type: 2, text: 'T' });
    const acme = await tokenOf('acme-admin');
    expect((await call('GET', `/api/alarms/${created.id}`, { token: acme })).status).toBe(404);
    const put = await call('PUT', `/api/alarms/${created.id}`, {
      token: acme,
      body: { name: 'Taken', type: 2, text: 'T', version: 1 },
    });
    expect(put.status).toBe(404);
    expect((await call('DELETE', `/api/alarms/${created.id}`, { token: acme })).status).toBe(404);
    const list = await call<Collection<Alarm>>('GET', '/api/alarms?pagination=false', { token: acme });
    expect(list.body['hydra:member'].map((a) => a.name)).not.toContain(`Tenant ${unique}`);
    const mine = await call<Alarm>('GET', `/api/alarms/${created.id}`, { token: await tokenOf('admin') });
    expect(mine.body.name).toBe(`Tenant ${unique}`);
  });
});
