import { publishAlarms } from '../../functions/lib/pipeline/alarms/publish-alarms';
import type { AlarmRaised } from '../../functions/lib/pipeline/contracts';
import type { AssetAlarm } from '../../shared/schemas/asset-alarm';
import { call, tokenOf } from '../harness/api';
import { mailsTo, waitForMail, waitForMailMatching } from '../harness/mail';
import { readStack } from '../harness/stack';
import { waitFor } from '../harness/uplinks';

const DEMO_TENANT = '1';
type Rule = { id: number; subscriptions?: { email: string; status: string }[] };

/** An alarm rule of the demo tenant, made through the alarm rules API (which subscribes its addresses). */
async function createRule(type: 0 | 1 | 2, email: string, text: string) {
  const created = await call<Rule>('POST', '/api/alarms', {
    token: await tokenOf('admin'),
    body: { name: `Delivery test ${type} ${Date.now()}`, type, text, email },
  });
  expect(created.status).toBe(201);
  return created.body;
}

const linkIn = (text: string) => /(http:\/\/\S+\/confirm\?\S+)/.exec(text)?.[1] as string;

describe('alarms by e-mail through EventBridge and SNS', () => {
  const email = `alarm-${Date.now()}@example.com`;
  const other = `other-${Date.now()}@example.com`;
  let rule: Rule;
  let asset: { id: number; name: string };
  let event: AlarmRaised;

  beforeAll(async () => {
    const { ports } = readStack();
    Object.assign(process.env, {
      AWS_REGION: 'eu-west-1',
      EVENTBRIDGE_ENDPOINT: `http://127.0.0.1:${ports.EVENTBRIDGE_PORT}`,
      EVENT_BUS_NAME: 'tracking-pipeline',
      SNS_ENDPOINT: `http://127.0.0.1:${ports.SNS_PORT}`,
      ALARM_TOPIC_ARN: 'arn:aws:sns:eu-west-1:000000000000:tracking-alarms',
    });
    const list = await call<{ 'hydra:member': { id: number; name: string }[] }>('GET', '/api/assets?itemsPerPage=1', {
      token: await tokenOf('admin'),
    });
    asset = list.body['hydra:member'][0] as { id: number; name: string };
    rule = await createRule(1, email, 'Asset {asset_name} left {zone_name} at {time} ({dev_eui}).');
    await createRule(2, other, 'Battery of {asset_name} low.');
    event = {
      tenantId: DEMO_TENANT,
      kind: 1,
      assetId: asset.id,
      assetName: asset.name,
      deviceId: 77,
      deviceName: 'Tag 77',
      devEui: '0011223344556677',
      zoneId: 3,
      zoneName: 'Depot Utrecht',
      at: '2026-11-20T09:15:00.000Z',
      latitude: 52.1,
      longitude: 5.1,
    };
  });

  it('subscribes the addresses of a saved rule, pending confirmation until the link in the mail is followed', async () => {
    expect(rule.subscriptions).toEqual([{ email, status: 'pending confirmation' }]);
    for (const address of [email, other]) {
      const confirmation = await waitForMail(address);
      expect(confirmation.subject).toBe('AWS Notification - Subscription Confirmation');
      expect((await fetch(linkIn(confirmation.text))).status).toBe(200);
    }
    // The seeded rules' demo address was subscribed and confirmed at the stack's first start
    // (scripts/local/subscribe-seeded-alarms.ts), with no confirmation mail: the demo's alarms arrive at once.
    const seeded = await call<{ 'hydra:member': { id: number; email: string | null }[] }>('GET', '/api/alarms', {
      token: await tokenOf('admin'),
    });
    const seededRule = seeded.body['hydra:member'].find((r) => r.email === 'planning@demo.local');
    expect(seededRule).toBeDefined();
    const seededRead = await call<Rule>('GET', `/api/alarms/${seededRule?.id}`, { token: await tokenOf('admin') });
    expect(seededRead.body.subscriptions).toEqual([{ email: 'planning@demo.local', status: 'confirmed' }]);
    // Other files' demo alarms may already have reached it: no confirmation mail is what shows it was confirmed.
    const demoInbox = await mailsTo('planning@demo.local');
    expect(demoInbox.filter((m) => m.subject === 'AWS Notification - Subscription Confirmation')).toEqual([]);
    const read = await call<Rule>('GET', `/api/alarms/${rule.id}`, { token: await tokenOf('admin') });
    expect(read.body.subscriptions).toEqual([{ email, status: 'confirmed' }]);
  });

  it('mails one alarm to the rule address with the placeholders filled, and not again on a redelivery', async () => {
    await publishAlarms([event]);
    const mail = await waitForMail(email, 2);
    expect(mail.to.map((to) => to.address)).toEqual([email]);
    expect(mail.subject).toBe(`Asset outside the geo zone: ${asset.name}`);
    // The seeded rule of this type mails its confirmed demo address too. Other files' alarms reach that inbox as
    // well, some for the same tag: this alarm's mail is the one of its type, asset and tag.
    await waitForMailMatching(
      'planning@demo.local',
      (m) => m.subject === `Asset outside the geo zone: ${asset.name}` && m.text.includes(event.devEui),
    );
    expect(mail.text).toContain(
      `Asset ${asset.name} left Depot Utrecht at 20/11/2026, 10:15:00 (Europe/Amsterdam) (0011223344556677).`,
    );

    // The same event again, then a later one: the bus delivers in order locally, so when the later one's
    // mail is in, the redelivery has been handled.
    await publishAlarms([event]);
    await publishAlarms([{ ...event, at: '2026-11-20T10:00:00.000Z' }]);
    const later = await waitForMail(email, 3);
    expect(later.text).toContain('11:00:00');
    expect((await mailsTo(email)).filter((m) => m.subject.startsWith('Asset outside'))).toHaveLength(2);
    // The other address is subscribed too, but its filter policy lets only its own rules' mails through.
    expect((await mailsTo(other)).map((m) => m.subject)).toEqual(['AWS Notification - Subscription Confirmation']);
  });

  type Alarms = { 'hydra:member': AssetAlarm[]; 'hydra:totalItems': number };
  const alarmsOf = async (assetId: number, login: string) =>
    call<Alarms>('GET', `/api/assets/${assetId}/alarms`, { token: await tokenOf(login) });

  /**
   * Alarm delivery is asynchronous, and the handler records one alarm per matching rule (the seed's rules of
   * the same type too): polls the asset's list until this test's rule has an alarm at each of `times`.
   */
  const waitForRuleAlarms = async (assetId: number, times: string[]) =>
    (
      await waitFor(
        async () => (await alarmsOf(assetId, 'admin')).body['hydra:member'].filter((a) => a.ruleId === rule.id),
        (alarms) => times.every((at) => alarms.some((alarm) => alarm.at === at)),
        10_000,
      )
    ).filter((alarm) => times.includes(alarm.at));

  it('lists the alarms sent on the asset, newest first, and acknowledges one once', async () => {
    const times = ['2026-11-20T10:00:00.000Z', '2026-11-20T09:15:00.000Z'];
    const alarms = await waitForRuleAlarms(asset.id, times);
    // One each, newest first: the redelivered event of 09:15 recorded nothing more.
    expect(alarms.map((a) => a.at)).toEqual(times);
    const [newest] = alarms as [AssetAlarm];
    expect(newest).toMatchObject({
      '@type': 'AssetAlarm',
      ruleId: rule.id,
      type: 1,
      assetId: asset.id,
      recipients: [email],
      acknowledgedAt: null,
    });
    expect(newest.text).toContain(`Asset ${asset.name} left Depot Utrecht`);
    expect(newest.sentAt).not.toBeNull();

    const path = `/api/assets/${asset.id}/alarms/${newest.id}/acknowledge`;
    const ack = await call<AssetAlarm>('PUT', path, { token: await tokenOf('user'), body: {} });
    expect(ack.status).toBe(200);
    expect(ack.body).toMatchObject({ id: newest.id, acknowledgedBy: 'user' });
    expect(ack.body.acknowledgedAt).toEqual(expect.any(String));
    const again = await call('PUT', path, { token: await tokenOf('admin'), body: {} });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ 'hydra:description': 'This alarm was already acknowledged.' });
    const unknown = `/api/assets/${asset.id}/alarms/20261120T100000000Z-1-000000000000/acknowledge`;
    expect((await call('PUT', unknown, { token: await tokenOf('admin'), body: {} })).status).toBe(404);
  });

  it("shows a client user only their customer's assets' alarms", async () => {
    const client = await tokenOf('client');
    const own = (
      await call<{ 'hydra:member': { id: number; name: string }[] }>('GET', '/api/assets?itemsPerPage=1', {
        token: client,
      })
    ).body['hydra:member'][0];
    expect(own).toBeDefined();
    const ownId = (own as { id: number }).id;
    const at = '2026-11-20T11:00:00.000Z';
    await publishAlarms([{ ...event, assetId: ownId, assetName: 'Client asset', at }]);
    const [alarm] = await waitForRuleAlarms(ownId, [at]);
    const seen = await alarmsOf(ownId, 'client');
    expect(seen.status).toBe(200);
    expect(seen.body['hydra:member'].map((a) => a.id)).toContain(alarm?.id);
    expect(new Set(seen.body['hydra:member'].map((a) => a.assetId))).toEqual(new Set([ownId]));
    // An asset of another customer (or of none): 404 to the client user, alarms or not.
    type Listed = { id: number; client: { id: number } | null };
    const admin = await tokenOf('admin');
    const all = await call<{ 'hydra:member': Listed[] }>('GET', '/api/assets?pagination=false', { token: admin });
    const ownClient = all.body['hydra:member'].find((a) => a.id === ownId)?.client?.id;
    const foreign = all.body['hydra:member'].find((a) => a.client?.id !== ownClient) as Listed;
    expect((await alarmsOf(foreign.id, 'client')).status).toBe(404);
    // Another tenant reaches only its own asset of that id, if any: never these alarms.
    const other = await alarmsOf(ownId, 'acme-admin');
    expect(other.status === 404 || other.body['hydra:totalItems'] === 0).toBe(true);
  });
});
