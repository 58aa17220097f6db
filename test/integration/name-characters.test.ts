import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { publishAlarms } from '../../functions/lib/pipeline/alarms/publish-alarms';
import { call, tokenOf } from '../harness/api';
import { waitForMail } from '../harness/mail';
import { readStack } from '../harness/stack';

/**
 * Control characters and bidi overrides in names are refused with 422 on the field, and an
 * alarm whose stored asset name would make a subject SNS refuses is still mailed, with the subject cleaned.
 */
const MESSAGE = 'Tabs, line breaks, control characters and text direction marks are not allowed here';
type Violations = { violations?: { propertyPath: string; message: string }[] };
const RUN = Date.now().toString(36);

async function refused(method: string, path: string, login: string, body: unknown, field: string) {
  const answer = await call<Violations>(method, path, { token: await tokenOf(login), body });
  expect(answer.status).toBe(422);
  expect(answer.body.violations).toContainEqual({ propertyPath: field, message: MESSAGE });
}

describe('control characters in names', () => {
  it('refuses them in asset names and references, on create and rename, by a ROLE_USER', async () => {
    await refused('POST', '/api/assets', 'user', { name: 'Reel\tA' }, 'name');
    await refused('POST', '/api/assets', 'user', { name: '\tX' }, 'name');
    await refused('POST', '/api/assets', 'user', { name: 'Reel', reference: 'R\n1' }, 'reference');
    const created = await call<{ id: number; version: number }>('POST', '/api/assets', {
      token: await tokenOf('user'),
      body: { name: `Plain reel ${RUN}` },
    });
    expect(created.status).toBe(201);
    const rename = { name: 'exe.\u202Efdp', version: created.body.version };
    await refused('PUT', `/api/assets/${created.body.id}`, 'user', rename, 'name');
    const kept = await call<{ name: string }>('GET', `/api/assets/${created.body.id}`, {
      token: await tokenOf('user'),
    });
    expect(kept.body.name).toBe(`Plain reel ${RUN}`);
  });

  it('refuses them in customer, user, alarm rule and API credential names', async () => {
    const email = `names-${RUN}@example.com`;
    await refused('POST', '/api/clients', 'admin', { name: 'Jan', email, company: 'Acme\u2066 BV' }, 'company');
    await refused('POST', '/api/clients', 'admin', { name: 'Jan\u0000', email }, 'name');
    await refused('POST', '/api/users', 'admin', { name: 'Jan\r\nBcc', email, roles: ['ROLE_USER'] }, 'name');
    await refused('POST', '/api/alarms', 'admin', { name: 'Rule\u0085', type: 1, text: 'Left', email }, 'name');
    await refused('POST', '/api/tokens', 'admin', { name: 'Token\u202A' }, 'name');
  });
});

describe('alarm mail subjects from stored names', () => {
  const email = `subject-${RUN}@example.com`;
  /** A name stored before names were checked: a line break, a bell, a bidi override, and too long. */
  const storedName = `Reel\r\nBcc: evil@example.com\u0007 \u202Eexe.pdf ${'x'.repeat(120)}`;

  beforeAll(() => {
    const { ports } = readStack();
    Object.assign(process.env, {
      AWS_REGION: 'eu-west-1',
      EVENTBRIDGE_ENDPOINT: `http://127.0.0.1:${ports.EVENTBRIDGE_PORT}`,
      EVENT_BUS_NAME: 'tracking-pipeline',
      SNS_ENDPOINT: `http://127.0.0.1:${ports.SNS_PORT}`,
      ALARM_TOPIC_ARN: 'arn:aws:sns:eu-west-1:000000000000:tracking-alarms',
    });
  });

  it('the SNS stand-in refuses such a subject as SNS does', async () => {
    const sns = new SNSClient({
      region: 'eu-west-1',
      endpoint: process.env.SNS_ENDPOINT,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const publish = (Subject: string) =>
      sns.send(new PublishCommand({ TopicArn: process.env.ALARM_TOPIC_ARN, Subject, Message: 'x' }));
    await expect(publish(`Low battery: ${storedName}`)).rejects.toMatchObject({ name: 'InvalidParameterException' });
    await expect(publish('x'.repeat(100))).rejects.toMatchObject({ name: 'InvalidParameterException' });
    await expect(publish('x'.repeat(99))).resolves.toMatchObject({ MessageId: expect.any(String) });
  });

  it('mails the alarm once with a cleaned subject', async () => {
    const rule = await call<{ id: number }>('POST', '/api/alarms', {
      token: await tokenOf('admin'),
      body: { name: `Subject test ${RUN}`, type: 2, text: 'Battery of {asset_name} low.', email },
    });
    expect(rule.status).toBe(201);
    const confirmation = await waitForMail(email);
    const link = /(http:\/\/\S+\/confirm\?\S+)/.exec(confirmation.text)?.[1] as string;
    expect((await fetch(link)).status).toBe(200);

    await publishAlarms([
      {
        tenantId: '1',
        kind: 2,
        assetId: 1,
        assetName: storedName,
        deviceId: 77,
        deviceName: 'Tag 77',
        devEui: '0011223344556677',
        zoneId: null,
        zoneName: null,
        at: '2026-11-20T09:15:00.000Z',
        latitude: 52.1,
        longitude: 5.1,
      },
    ]);
    const mail = await waitForMail(email, 2);
    expect(mail.subject.startsWith('Asset battery level low: Reel Bcc: evil@example.com exe.pdf xxx')).toBe(true);
    expect(Array.from(mail.subject).length).toBeLessThan(100);
    expect(mail.subject).not.toMatch(/[\p{Cc}\u202e]/u);
  });
});
