import type { NotificationLanguage } from '../../../shared/schemas/settings';
import type { WebhookFormat } from '../../../shared/schemas/webhook';
import { PRODUCT_TIME_ZONE } from '../../../shared/wall-clock';
import { CHAT_WORDS, type ChatWords } from './webhook-chat-words';

/**
 * An endpoint's body in its format (docs/webhooks.md "Body formats"), made at each attempt from the Standard
 * Webhooks body the delivery log keeps, so a replay renders the same message and the log shows the event itself.
 * `teams`: a message with one Adaptive Card, the shape Teams incoming webhooks and the Workflows "when a webhook
 * request is received" trigger take; `slack`: an incoming webhook's `{ text, blocks }` (Block Kit), `text` the
 * notification's fallback, in the tenant's notification language (webhook-chat-words.ts). An alarm reads as a sentence with its facts and a link to the asset in the console;
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

const timeFormats = new Map<string, Intl.DateTimeFormat>();
function timeOf(iso: unknown, words: ChatWords): string | undefined {
  if (typeof iso !== 'string' || Number.isNaN(Date.parse(iso))) return undefined;
  let format = timeFormats.get(words.locale);
  if (!format) {
    format = new Intl.DateTimeFormat(words.locale, {
      timeZone: PRODUCT_TIME_ZONE,
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    timeFormats.set(words.locale, format);
  }
  return `${format.format(new Date(iso))} (${words.timeZone})`;
}
const nameOf = (item: Named) =>
  item ? (item.name ?? (item.id !== undefined ? `#${item.id}` : undefined)) || undefined : undefined;

function assetLink(data: EventData, consoleOrigin: string | undefined, words: ChatWords): Message['link'] {
  const id = data.asset?.id;
  if (!consoleOrigin || (typeof id !== 'number' && !(typeof id === 'string' && /^\d+$/.test(id)))) return undefined;
  return { label: words.openAsset, url: `${consoleOrigin}/assets/${id}` };
}

function factsOf(data: EventData, times: [string, unknown][], words: ChatWords): Message['facts'] {
  const device = data.device ? [nameOf(data.device), data.device.devEui].filter(Boolean).join(', ') : undefined;
  const facts: [string, string | undefined][] = [
    [words.asset, nameOf(data.asset)],
    [words.zone, nameOf(data.zone)],
    [words.device, device || undefined],
    ...times.map(([label, iso]): [string, string | undefined] => [label, timeOf(iso, words)]),
  ];
  return facts.flatMap(([label, value]) => (value ? [{ label, value }] : []));
}

export function messageOf(
  type: string,
  data: EventData,
  consoleOrigin: string | undefined,
  words: ChatWords = CHAT_WORDS.en,
): Message {
  const link = assetLink(data, consoleOrigin, words);
  const about = nameOf(data.asset) ?? nameOf(data.zone);
  const titled = (prefix: string, alarm: string) => `${prefix}: ${alarm}${about ? ` ${words.about} ${about}` : ''}`;
  const alarm = data.alarm?.name ?? words.alarm;
  if (type === 'alarm.raised')
    return { title: titled(words.alarm, alarm), facts: factsOf(data, [[words.raised, data.at]], words), link };
  if (type === 'alarm.cleared')
    return {
      title: titled(words.cleared, alarm),
      facts: factsOf(
        data,
        [
          [words.raised, data.at],
          [words.cleared, data.clearedAt],
        ],
        words,
      ),
      link,
    };
  const name = (words.events as Record<string, string>)[type] ?? type;
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
  language: NotificationLanguage = 'en',
  consoleOrigin = process.env.CONSOLE_ORIGIN,
): string {
  if (!format || format === 'standard') return payload;
  const event = JSON.parse(payload) as { type: string; data?: EventData };
  const message = messageOf(event.type, event.data ?? {}, consoleOrigin?.replace(/\/$/, ''), CHAT_WORDS[language]);
  return JSON.stringify(format === 'teams' ? teamsBody(message) : slackBody(message));
}
