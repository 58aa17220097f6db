import { publishAlarms } from '../../functions/lib/pipeline/alarms/publish-alarms';
import type { AlarmRaised } from '../../functions/lib/pipeline/contracts';
import { call, tokenOf } from '../harness/api';
import { type CaughtMail, mailsTo, waitForMailMatching } from '../harness/mail';
import { readStack } from '../harness/stack';

/**
 * Delivered / empty reports mail the planners (or the tenant's report address) through the
 * alarm topic and wait in the console for a planner's confirmation; alarm mails fill every placeholder the
 * console offers and are written in the tenant's language.
 */
type Asset = {
  id: number;
  name: string;
  version: number;
  client: { id: number; company: string | null } | null;
  street: string | null;
  city: string | null;
  status: { status: string } | null;
};
type Setting = { id: number; name: string; data: { language: string; email: string | null }; version: number };
type Collection<T> = { 'hydra:member': T[] };

const PLANNING = 'planning@demo.local';
const linkIn = (text: string) => /(http:\/\/\S+\/confirm\?\S+)/.exec(text)?.[1] as string;

/** Waits for a mail to `address` that `wanted` accepts (the inbox also holds other tests' mails). */
const waitForMailLike = (address: string, wanted: (mail: CaughtMail) => boolean, timeoutMs = 10_000) =>
  waitForMailMatching(address, wanted, timeoutMs);

async function notificationSetting(): Promise<Setting> {
  const list = await call<Collection<Setting>>('GET', '/api/frontend-settings?name=notifications', {
    token: await tokenOf('admin'),
  });
  return list.body['hydra:member'][0] as Setting;
}

async function saveNotifications(data: { language: string; email: string | null }) {
  const current = await notificationSetting();
  const saved = await call<Setting>('PUT', `/api/frontend-settings/${current.id}`, {
    token: await tokenOf('admin'),
    body: { name: 'notifications', data, version: current.version },
  });
  expect(saved.status).toBe(200);
}

/** Assets of the demo tenant that have a customer and no report yet, for the reports below. */
async function reportableAssets(): Promise<Asset[]> {
  const list = await call<Collection<Asset>>('GET', '/api/assets?itemsPerPage=200&status=registered', {
    token: await tokenOf('admin'),
  });
  return list.body['hydra:member'].filter((a) => a.client !== null && a.street);
}

describe('delivered and empty reports', () => {
  let assets: Asset[];
  beforeAll(async () => {
    assets = await reportableAssets();
    expect(assets.length).toBeGreaterThan(4);
  });

  it('mails the report address, and a planner confirms send_delivered to delivered', async () => {
    const asset = assets[0] as Asset;
    const reported = await call<Asset>('PUT', `/api/assets/${asset.id}/delivered`, {
      token: await tokenOf('transporter'),
      body: {},
    });
    expect(reported.status).toBe(200);
    expect(reported.body.status?.status).toBe('send_delivered');
    // The seed's report address is the seeded rules' planning address, confirmed at the first start.
    const mail = await waitForMailLike(PLANNING, (m) => m.subject === `Reported delivered: ${asset.name}`);
    expect(mail.text).toContain(`transporter reported asset ${asset.name} delivered at `);

    const path = `/api/assets/${asset.id}/confirm-report`;
    for (const login of ['transporter', 'client']) {
      expect((await call('PUT', path, { token: await tokenOf(login), body: {} })).status).toBe(403);
    }
    expect((await call('PUT', path, { token: await tokenOf('acme-admin'), body: {} })).status).toBe(404);
    const stale = await call('PUT', path, { token: await tokenOf('user'), body: { version: 1 } });
    expect(stale.status).toBe(409);
    const confirmed = await call<Asset>('PUT', path, { token: await tokenOf('user'), body: {} });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.status?.status).toBe('delivered');
    const again = await call<{ violations: { propertyPath: string; message: string }[] }>('PUT', path, {
      token: await tokenOf('manager'),
      body: {},
    });
    expect(again.status).toBe(422);
    expect(again.body.violations).toEqual([{ propertyPath: 'status', message: 'There is no report to confirm' }]);
  });

  it("confirms a client user's empty report, send_deregistered to deregistered", async () => {
    const clientAssets = await call<Collection<Asset>>('GET', '/api/assets?itemsPerPage=50', {
      token: await tokenOf('client'),
    });
    const own = clientAssets.body['hydra:member'].find(
      (a) => !['send_deregistered', 'deregistered'].includes(a.status?.status ?? ''),
    ) as Asset;
    expect(own).toBeDefined();
    const reported = await call<Asset>('PUT', `/api/assets/${own.id}/deregister`, {
      token: await tokenOf('client'),
      body: {},
    });
    expect(reported.status).toBe(200);
    expect(reported.body.status?.status).toBe('send_deregistered');
    await waitForMailLike(PLANNING, (m) => m.subject === `Reported empty: ${own.name}`);
    const listed = await call<Collection<Asset>>('GET', '/api/assets?status=send_deregistered&itemsPerPage=200', {
      token: await tokenOf('manager'),
    });
    expect(listed.body['hydra:member'].map((a) => a.id)).toContain(own.id);
    const confirmed = await call<Asset>('PUT', `/api/assets/${own.id}/confirm-report`, {
      token: await tokenOf('manager'),
      body: {},
    });
    expect(confirmed.body.status?.status).toBe('deregistered');
  });

  describe('in Dutch, to the planners', () => {
    afterAll(() => saveNotifications({ language: 'en', email: PLANNING }));

    it('mails the users who may confirm, once they confirmed their subscription', async () => {
      await saveNotifications({ language: 'nl', email: null });
      // Users who may not confirm get none of these; what other files mailed them before (a report) is not ours.
      const nonPlanners = ['transporter@demo.local', 'client@demo.local'];
      const earlier = new Set((await Promise.all(nonPlanners.map(mailsTo))).flat().map((mail) => mail.id));
      const newMailsTo = async (address: string) => (await mailsTo(address)).filter((mail) => !earlier.has(mail.id));
      const first = assets[1] as Asset;
      const token = await tokenOf('transporter');
      expect((await call('PUT', `/api/assets/${first.id}/deregister`, { token, body: {} })).status).toBe(200);
      // New addresses are subscribed like an alarm rule's: SNS's confirmation mail first, as on AWS.
      for (const planner of ['user@demo.local', 'manager@demo.local', 'admin@demo.local']) {
        const confirmation = await waitForMailLike(planner, (m) => m.subject.includes('Subscription Confirmation'));
        if (planner === 'user@demo.local') expect((await fetch(linkIn(confirmation.text))).status).toBe(200);
      }
      for (const address of nonPlanners) expect(await newMailsTo(address)).toEqual([]);

      const second = assets[2] as Asset;
      expect((await call('PUT', `/api/assets/${second.id}/deregister`, { token, body: {} })).status).toBe(200);
      const mail = await waitForMailLike('user@demo.local', (m) => m.subject === `Gemeld als leeg: ${second.name}`);
      expect(mail.text).toContain(`transporter heeft asset ${second.name} op `);
      expect(mail.text).toContain('Bevestig de melding in de console onder Meldingen.');
    });
  });
});

describe('alarm mails', () => {
  const email = `alarm-language-${Date.now()}@example.com`;
  let asset: Asset;

  beforeAll(async () => {
    const { ports } = readStack();
    Object.assign(process.env, {
      AWS_REGION: 'eu-west-1',
      EVENTBRIDGE_ENDPOINT: `http://127.0.0.1:${ports.EVENTBRIDGE_PORT}`,
      EVENT_BUS_NAME: 'tracking-pipeline',
    });
    asset = (await reportableAssets())[3] as Asset;
  });
  afterAll(() => saveNotifications({ language: 'en', email: PLANNING }));

  it("fill {customer} and {address} and are written in the tenant's language, subject included", async () => {
    const rule = await call<{ id: number }>('POST', '/api/alarms', {
      token: await tokenOf('admin'),
      body: { name: `Language ${Date.now()}`, type: 0, text: 'Klant {customer}, adres {address}, om {time}.', email },
    });
    expect(rule.status).toBe(201);
    expect((await fetch(linkIn((await waitForMailLike(email, () => true)).text))).status).toBe(200);
    await saveNotifications({ language: 'nl', email: PLANNING });

    const event: AlarmRaised = {
      tenantId: '1',
      kind: 0,
      assetId: asset.id,
      assetName: asset.name,
      deviceId: 91,
      deviceName: 'Tag 91',
      devEui: '0011223344559191',
      zoneId: null,
      zoneName: null,
      at: '2026-11-20T09:15:00.000Z',
      latitude: null,
      longitude: null,
    };
    await publishAlarms([event]);
    const mail = await waitForMailLike(email, (m) => !m.subject.includes('Subscription'));
    expect(mail.subject).toBe(`Tag van asset gesaboteerd: ${asset.name}`);
    expect(mail.text).not.toContain('{customer}');
    expect(mail.text).not.toContain('{address}');
    expect(mail.text).toContain(`Klant ${asset.client?.company}, adres ${asset.street}`);
    expect(mail.text).toContain('om 20-11-2026, 10:15:00 (Europe/Amsterdam).');
    expect(mail.text).toContain(`Klant: ${asset.client?.company}`);
    expect(mail.text).toContain('Geozone: -');
  });
});
