import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { z } from 'zod';
import { publishAlarms } from '../../functions/lib/pipeline/alarms/publish-alarms';
import type { WebhookDelivery, WebhookEndpoint } from '../../shared/schemas/webhook';
import { call, tokenOf } from '../harness/api';
import { createOwnTenant, type OwnTenant, removeOwnTenant } from '../harness/own-tenant';
import { readStack } from '../harness/stack';
import { waitFor } from '../harness/uplinks';

/**
 * Teams and Slack endpoints against the local stack: a real alarm (EventBridge stand-in -> alarm handler ->
 * queue -> sender) reaches a receiver started here as an Adaptive Card message and as a Block Kit message, each
 * signed with its endpoint's secret; the first answer is a 500, the sender retries and the second attempt lands.
 * The bodies are checked against the shapes Microsoft and Slack publish for incoming webhooks.
 */
type Received = { path: string; headers: IncomingHttpHeaders; body: string };
type Deliveries = { 'hydra:member': WebhookDelivery[] };
const RECEIVER_HOST = 'webhook-receiver.localhost';

// Teams: "Send Adaptive Cards using an Incoming Webhook" (and the Workflows webhook trigger): a message activity
// with one attachment of contentType application/vnd.microsoft.card.adaptive whose content is the card.
const textBlock = z.object({ type: z.literal('TextBlock'), text: z.string().min(1), wrap: z.boolean().optional() });
const factSet = z.object({
  type: z.literal('FactSet'),
  facts: z.array(z.object({ title: z.string(), value: z.string() })),
});
const teamsMessage = z.object({
  type: z.literal('message'),
  attachments: z
    .array(
      z.object({
        contentType: z.literal('application/vnd.microsoft.card.adaptive'),
        contentUrl: z.null(),
        content: z.object({
          $schema: z.literal('http://adaptivecards.io/schemas/adaptive-card.json'),
          type: z.literal('AdaptiveCard'),
          version: z.string().regex(/^1\.[0-5]$/),
          body: z.array(z.union([textBlock.passthrough(), factSet])).min(1),
          actions: z
            .array(z.object({ type: z.literal('Action.OpenUrl'), title: z.string(), url: z.string().url() }))
            .optional(),
        }),
      }),
    )
    .length(1),
});
// Slack: an incoming webhook takes `text` (the notification's fallback) and `blocks` (Block Kit).
const mrkdwn = z.object({ type: z.literal('mrkdwn'), text: z.string().min(1).max(3000) });
const slackMessage = z.object({
  text: z.string().min(1),
  blocks: z
    .array(
      z.union([
        z.object({ type: z.literal('section'), text: mrkdwn, fields: z.array(mrkdwn).max(10).optional() }),
        z.object({
          type: z.literal('actions'),
          elements: z.array(
            z.object({
              type: z.literal('button'),
              text: z.object({ type: z.literal('plain_text'), text: z.string().max(75) }),
              url: z.string().url(),
            }),
          ),
        }),
      ]),
    )
    .min(1)
    .max(50),
});

describe('webhook formats: Teams and Slack', () => {
  let own: OwnTenant;
  let admin: string;
  let server: Server;
  let base: string;
  const received: Received[] = [];
  const answers = new Map<string, number[]>([
    ['/teams', [500, 200]],
    ['/slack', [500, 200]],
  ]);

  beforeAll(async () => {
    const { ports } = readStack();
    Object.assign(process.env, {
      AWS_REGION: 'eu-west-1',
      EVENTBRIDGE_ENDPOINT: `http://127.0.0.1:${ports.EVENTBRIDGE_PORT}`,
      EVENT_BUS_NAME: 'tracking-pipeline',
    });
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '/';
        received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        const queue = answers.get(path) ?? [204];
        const status = queue.length > 1 ? (queue.shift() as number) : (queue[0] as number);
        response.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://${RECEIVER_HOST}:${(server.address() as AddressInfo).port}`;
    own = await createOwnTenant('Webhook formats');
    admin = await tokenOf(own.adminLogin);
  });

  afterAll(async () => {
    await removeOwnTenant(own);
    await new Promise((resolve) => server.close(resolve));
  });

  const create = (body: Record<string, unknown>) =>
    call<WebhookEndpoint>('POST', '/api/webhook-endpoints', { token: admin, body });
  const requestsTo = (path: string) => received.filter((request) => request.path === path);
  const verified = (request: Received | undefined, secret: string) =>
    new Webhook(secret).verify(request?.body as string, request?.headers as Record<string, string>);

  it('sends a raised alarm to Teams and Slack signed, retries the first 500, and the second attempt lands', async () => {
    const teams = await create({ url: `${base}/teams`, event_types: ['alarm.raised'], format: 'teams' });
    const slack = await create({ url: `${base}/slack`, event_types: ['alarm.raised'], format: 'slack' });
    expect([teams.status, slack.status]).toEqual([201, 201]);
    expect([teams.body.format, slack.body.format]).toEqual(['teams', 'slack']);

    await publishAlarms([
      {
        tenantId: String(own.tenantId),
        kind: 0,
        assetId: 4711,
        assetName: 'Pallet <7> & co',
        deviceId: 5,
        deviceName: 'Tag 5',
        devEui: '00112233445566AA',
        zoneId: null,
        zoneName: null,
        at: '2026-11-20T09:15:00.000Z',
        latitude: null,
        longitude: null,
      },
    ]);
    const both = await waitFor(
      async () => [requestsTo('/teams'), requestsTo('/slack')],
      ([toTeams, toSlack]) => toTeams?.length === 2 && toSlack?.length === 2,
    );
    const consoleOrigin = `http://localhost:${readStack().ports.WEB_PORT}`;
    const [[failedTeams, teamsMessageSent], [failedSlack, slackMessageSent]] = both as [Received[], Received[]];
    // Both attempts carry the same message id and bytes, each signed with its endpoint's secret.
    expect(teamsMessageSent?.headers['webhook-id']).toBe(failedTeams?.headers['webhook-id']);
    expect(slackMessageSent?.body).toBe(failedSlack?.body);

    const card = teamsMessage.parse(verified(teamsMessageSent, teams.body.secret as string));
    const content = card.attachments[0]?.content;
    expect(content?.body[0]).toMatchObject({ text: 'Alarm: Asset tag sabotaged for Pallet <7> & co' });
    expect(content?.body[1]).toEqual({
      type: 'FactSet',
      facts: [
        { title: 'Asset', value: 'Pallet <7> & co' },
        { title: 'Device', value: 'Tag 5, 00112233445566AA' },
        { title: 'Raised', value: '20 Nov 2026, 10:15 (Amsterdam)' },
      ],
    });
    expect(content?.actions).toEqual([
      { type: 'Action.OpenUrl', title: 'Open the asset', url: `${consoleOrigin}/assets/4711` },
    ]);

    const message = slackMessage.parse(verified(slackMessageSent, slack.body.secret as string));
    // Slack's markup characters in a name are escaped: no link or mention can be smuggled in.
    expect(message.text).toBe('Alarm: Asset tag sabotaged for Pallet &lt;7&gt; &amp; co');
    expect(message.blocks[1]).toMatchObject({ elements: [{ url: `${consoleOrigin}/assets/4711` }] });
    // Another endpoint's secret does not verify it.
    expect(() => verified(slackMessageSent, teams.body.secret as string)).toThrow();

    for (const endpoint of [teams.body, slack.body]) {
      const [logged] = await waitFor(
        async () =>
          (await call<Deliveries>('GET', `/api/webhook-endpoints/${endpoint.id}/deliveries`, { token: admin })).body[
            'hydra:member'
          ],
        (log) => log[0]?.status === 'delivered',
      );
      expect(logged?.attempts.map((attempt) => attempt.status_code)).toEqual([500, 200]);
      // The log keeps the event as Standard Webhooks JSON; the chat message is made from it at each attempt.
      expect(JSON.parse(logged?.payload as string)).toMatchObject({ type: 'alarm.raised' });
    }
  });

  it('renders other events as one short line, keeps the format on a save without one, refuses an unknown one', async () => {
    const slack = await create({ url: `${base}/slack-short`, event_types: ['zone.entered'], format: 'slack' });
    expect((await call('POST', `/api/webhook-endpoints/${slack.body.id}/test`, { token: admin })).status).toBe(202);
    const [request] = await waitFor(
      async () => requestsTo('/slack-short'),
      (requests) => requests.length === 1,
    );
    const message = slackMessage.parse(verified(request, slack.body.secret as string));
    expect(message).toEqual({
      text: 'Test message from the tracking console',
      blocks: [{ type: 'section', text: { type: 'mrkdwn', text: '*Test message from the tracking console*' } }],
    });

    const { url, description, event_types, enabled, version } = slack.body;
    const saved = await call<WebhookEndpoint>('PUT', `/api/webhook-endpoints/${slack.body.id}`, {
      token: admin,
      body: { url, description, event_types, enabled, version },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.format).toBe('slack');
    const standard = await create({ url: `${base}/standard`, event_types: ['zone.entered'] });
    expect(standard.body.format).toBe('standard');
    const wrong = await call<{ violations: { propertyPath: string; message: string }[] }>(
      'POST',
      '/api/webhook-endpoints',
      { token: admin, body: { url: `${base}/x`, event_types: ['zone.entered'], format: 'discord' } },
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.violations).toEqual([
      { propertyPath: 'format', message: 'The format must be standard, teams or slack' },
    ]);
  });

  it("writes a chat message in the tenant's notification language, as its alarm mails", async () => {
    const saved = await call('POST', '/api/frontend-settings', {
      token: admin,
      body: { name: 'notifications', data: { language: 'nl' } },
    });
    expect(saved.status).toBe(201);
    const teams = await create({ url: `${base}/teams-dutch`, event_types: ['zone.entered'], format: 'teams' });
    expect((await call('POST', `/api/webhook-endpoints/${teams.body.id}/test`, { token: admin })).status).toBe(202);
    const [request] = await waitFor(
      async () => requestsTo('/teams-dutch'),
      (requests) => requests.length === 1,
    );
    const card = teamsMessage.parse(verified(request, teams.body.secret as string));
    expect(card.attachments[0]?.content.body[0]).toMatchObject({ text: 'Testbericht van de trackingconsole' });
  });
});
