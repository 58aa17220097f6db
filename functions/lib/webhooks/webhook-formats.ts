import type { WebhookFormat } from '../../../shared/schemas/webhook';

/**
 * An endpoint's body in its format (docs/webhooks.md "Body formats"), made at each attempt from the Standard
 * Webhooks body the delivery log keeps, so a replay renders the same message and the log shows the event itself.
 * `teams`: a message with one Adaptive Card, the shape Teams incoming webhooks and the Workflows "when a webhook
 * request is received" trigger take; `slack`: an incoming webhook's `{ text, blocks }` (Block Kit), `text` the
 * notification's fallback. An alarm reads as a sentence with its facts and a link to the asset in the console;
 * any other event as one short line.
 */
interface Message {
  title: string;
  facts: { label: string; value: string }[];
  link?: { label: string; url: string };
}

type Named = { id?: number | string; name?: string | null; devEui?: string } | null | undefined;
interface EventData {
  alarm?: { type?: number; name?: string };
  asset?: Named;
  device?: Named;
  zone?: Named;
  customer?: Named;
  at?: string;
  clearedAt?: string;
  [key: string]: unknown;
}

const SHORT_NAMES: Record<string, string> = {
  'zone.entered': 'Entered a zone',
  'zone.left': 'Left a zone',
  'pickup.requested': 'Pickup requested',
  'pickup.confirmed': 'Pickup confirmed',
  'loan_day.counted': 'Loan days counted',
  'delivery.reported': 'Delivery reported',
  'delivery.confirmed': 'Delivery confirmed',
  'webhook.test': 'Test message from the tracking console',
};

const TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Amsterdam',
  dateStyle: 'medium',
  timeStyle: 'short',
});
const timeOf = (iso: unknown) =>
  typeof iso === 'string' && !Number.isNaN(Date.parse(iso)) ? `${TIME.format(new Date(iso))} (Amsterdam)` : undefined;
const nameOf = (item: Named) =>
  item ? (item.name ?? (item.id !== undefined ? `#${item.id}` : undefined)) || undefined : undefined;

function assetLink(data: EventData, consoleOrigin: string | undefined): Message['link'] {
  const id = data.asset?.id;
  if (!consoleOrigin || (typeof id !== 'number' && !(typeof id === 'string' && /^\d+$/.test(id)))) return undefined;
  return { label: 'Open the asset', url: `${consoleOrigin}/assets/${id}` };
}

function factsOf(data: EventData, times: [string, unknown][]): Message['facts'] {
  const device = data.device ? [nameOf(data.device), data.device.devEui].filter(Boolean).join(', ') : undefined;
  const facts: [string, string | undefined][] = [
    ['Asset', nameOf(data.asset)],
    ['Zone', nameOf(data.zone)],
    ['Device', device || undefined],
    ...times.map(([label, iso]): [string, string | undefined] => [label, timeOf(iso)]),
  ];
  return facts.flatMap(([label, value]) => (value ? [{ label, value }] : []));
}

export function messageOf(type: string, data: EventData, consoleOrigin: string | undefined): Message {
  const link = assetLink(data, consoleOrigin);
  const about = nameOf(data.asset) ?? nameOf(data.zone);
  const alarm = data.alarm?.name ?? 'Alarm';
  if (type === 'alarm.raised')
    return {
      title: `Alarm: ${alarm}${about ? ` for ${about}` : ''}`,
      facts: factsOf(data, [['Raised', data.at]]),
      link,
    };
  if (type === 'alarm.cleared')
    return {
      title: `Cleared: ${alarm}${about ? ` for ${about}` : ''}`,
      facts: factsOf(data, [
        ['Raised', data.at],
        ['Cleared', data.clearedAt],
      ]),
      link,
    };
  const name = SHORT_NAMES[type] ?? type;
  return { title: about ? `${name}: ${about}` : name, facts: [], link };
}

function teamsBody(message: Message): unknown {
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            { type: 'TextBlock', text: message.title, weight: 'Bolder', size: 'Medium', wrap: true },
            ...(message.facts.length
              ? [{ type: 'FactSet', facts: message.facts.map(({ label, value }) => ({ title: label, value })) }]
              : []),
          ],
          ...(message.link
            ? { actions: [{ type: 'Action.OpenUrl', title: message.link.label, url: message.link.url }] }
            : {}),
        },
      },
    ],
  };
}

/** Slack reads &, < and > as markup in text (mrkdwn and plain alike): a name must not open a link or mention. */
const slackText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function slackBody(message: Message): unknown {
  const fields = message.facts
    .slice(0, 10)
    .map(({ label, value }) => ({ type: 'mrkdwn', text: `*${slackText(label)}*\n${slackText(value)}` }));
  return {
    text: slackText(message.title),
    blocks: [
      {
        type: 'section',
        text: { type: 'mrkdwn', text: `*${slackText(message.title)}*` },
        ...(fields.length ? { fields } : {}),
      },
      ...(message.link
        ? [
            {
              type: 'actions',
              elements: [
                { type: 'button', text: { type: 'plain_text', text: message.link.label }, url: message.link.url },
              ],
            },
          ]
        : []),
    ],
  };
}

/** The bytes an endpoint of `format` is sent for the logged Standard Webhooks body. */
export function renderWebhookBody(
  format: WebhookFormat | undefined,
  payload: string,
  consoleOrigin = process.env.CONSOLE_ORIGIN,
): string {
  if (!format || format === 'standard') return payload;
  const event = JSON.parse(payload) as { type: string; data?: EventData };
  const message = messageOf(event.type, event.data ?? {}, consoleOrigin?.replace(/\/$/, ''));
  return JSON.stringify(format === 'teams' ? teamsBody(message) : slackBody(message));
}
