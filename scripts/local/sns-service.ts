import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { dataDir, HOST, localHttpServer, REGION } from './config';
import { type MessageAttribute, matchesFilterPolicy } from './sns-filter-policy';
import { isValidSnsSubject } from './sns-subject';

const ACCOUNT = '000000000000';
const XMLNS = 'http://sns.amazonaws.com/doc/2010-03-31/';
const SENDER = 'AWS Notifications <no-reply@sns.amazonaws.com>';
/** SNS quota "Filter policies per topic: 200" (per account and Region, adjustable only by a support case). */
export const FILTER_POLICIES_PER_TOPIC = 200;

interface Subscription {
  arn: string;
  topicArn: string;
  protocol: string;
  endpoint: string;
  filterPolicy?: string;
  token: string;
  confirmed: boolean;
}

type Params = Map<string, string>;
type Reply = { status: number; body: string };

/**
 * The local stand-in for SNS (AWS query protocol: form-encoded actions, XML answers) with e-mail delivery to
 * the SMTP catcher, so the alarm handler's SNS calls are the ones it makes on AWS. As on AWS an e-mail
 * subscription starts "pending confirmation" and is confirmed by the link in the confirmation mail (readable
 * in the mail inbox) or ConfirmSubscription; Publish mails every confirmed subscription of the topic whose
 * filter policy matches the message attributes. Subscriptions persist in .local/sns/subscriptions.json.
 */
export async function startSnsService(options: {
  port: number;
  smtpUrl: string;
  /** The topics the stack deploys (CDK creates them on AWS); any other is NotFound until CreateTopic. */
  topics: string[];
  /**
   * Addresses the demo seed wrote into its own alarm rules (planning@demo.local, ...): subscribed confirmed at
   * once, without a confirmation mail, so a first `npm start` + `npm run simulate` shows alarm mails. Every other
   * address goes through the confirmation mail, as on AWS.
   */
  demoAddresses?: readonly string[];
  log?: (line: string) => void;
}) {
  const log = options.log ?? console.error;
  const baseUrl = `http://${HOST}:${options.port}`;
  const demoAddresses = new Set((options.demoAddresses ?? []).map((address) => address.toLowerCase()));
  const file = path.join(dataDir(), 'sns', 'subscriptions.json');
  const topicsFile = path.join(dataDir(), 'sns', 'topics.json');
  mkdirSync(path.dirname(file), { recursive: true });
  const subscriptions: Subscription[] = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : [];
  const topics = new Set<string>([
    ...options.topics,
    ...(existsSync(topicsFile) ? (JSON.parse(readFileSync(topicsFile, 'utf8')) as string[]) : []),
  ]);
  const save = () => writeFileSync(file, JSON.stringify(subscriptions, null, 2));
  // As on AWS, Subscribe, Publish, ListSubscriptionsByTopic and GetTopicAttributes refuse a topic nobody made.
  const existing = (p: Params) => {
    const arn = need(p, 'TopicArn');
    if (!topics.has(arn)) throw new SnsError(404, 'NotFound', 'Topic does not exist');
    return arn;
  };
  const smtp = nodemailer.createTransport(options.smtpUrl);
  // Mails leave in the order they were published (SNS promises no order; a local run is repeatable).
  let outbox = Promise.resolve();
  const mail = (to: string, subject: string, text: string) => {
    outbox = outbox.then(() =>
      smtp.sendMail({ from: SENDER, to, subject, text }).then(
        () => undefined,
        (e: Error) => log(`SNS mail to ${to}: ${e.message}`),
      ),
    );
  };

  const actions: Record<string, (p: Params) => Reply> = {
    createTopic: (p) => {
      const arn = topicArn(need(p, 'Name'));
      if (!topics.has(arn)) {
        topics.add(arn);
        writeFileSync(topicsFile, JSON.stringify([...topics], null, 2));
      }
      return ok('CreateTopic', `<TopicArn>${xml(arn)}</TopicArn>`);
    },
    getTopicAttributes: (p) => {
      const arn = existing(p);
      const count = subscriptions.filter((s) => s.topicArn === arn).length;
      return ok(
        'GetTopicAttributes',
        `<Attributes><entry><key>TopicArn</key><value>${xml(arn)}</value></entry><entry><key>SubscriptionsPending</key><value>${count}</value></entry></Attributes>`,
      );
    },
    subscribe: (p) => {
      const topic = existing(p);
      const protocol = need(p, 'Protocol');
      const endpoint = need(p, 'Endpoint');
      if (protocol !== 'email') return error(400, 'InvalidParameter', `Protocol ${protocol} is not supported locally`);
      // SNS checks an e-mail endpoint's form before it sends any confirmation.
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(endpoint))
        return error(400, 'InvalidParameter', 'Invalid parameter: Email address');
      const filterPolicy = mapOf(p, 'Attributes').FilterPolicy;
      let sub = subscriptions.find((s) => s.topicArn === topic && s.protocol === protocol && s.endpoint === endpoint);
      if (sub && (sub.filterPolicy ?? '') !== (filterPolicy ?? '')) {
        return error(400, 'InvalidParameter', 'Subscription already exists with different attributes');
      }
      if (!sub && filterPolicy && filterPolicyCount(topic) >= FILTER_POLICIES_PER_TOPIC) {
        return error(403, 'FilterPolicyLimitExceeded', 'Filter policy limit exceeded');
      }
      const created = !sub;
      if (!sub) {
        sub = {
          arn: `${topic}:${randomUUID()}`,
          topicArn: topic,
          protocol,
          endpoint,
          filterPolicy,
          token: randomBytes(32).toString('hex'),
          confirmed: demoAddresses.has(endpoint.toLowerCase()),
        };
        subscriptions.push(sub);
        save();
      }
      if (created && !sub.confirmed) {
        const link = `${baseUrl}/confirm?TopicArn=${encodeURIComponent(topic)}&Token=${sub.token}`;
        void mail(
          endpoint,
          'AWS Notification - Subscription Confirmation',
          `You have chosen to subscribe to the topic:\n${topic}\n\nTo confirm this subscription, click or visit the link below:\n${link}\n`,
        );
      }
      const shown = sub.confirmed || p.get('ReturnSubscriptionArn') === 'true' ? sub.arn : 'pending confirmation';
      return ok('Subscribe', `<SubscriptionArn>${xml(shown)}</SubscriptionArn>`);
    },
    confirmSubscription: (p) => {
      const sub = confirm(need(p, 'TopicArn'), need(p, 'Token'));
      return sub
        ? ok('ConfirmSubscription', `<SubscriptionArn>${xml(sub.arn)}</SubscriptionArn>`)
        : error(400, 'InvalidParameter', 'Invalid token');
    },
    unsubscribe: (p) => {
      const index = subscriptions.findIndex((s) => s.arn === need(p, 'SubscriptionArn'));
      if (index < 0) return error(404, 'NotFound', 'Subscription does not exist');
      subscriptions.splice(index, 1);
      save();
      return ok('Unsubscribe', '');
    },
    listSubscriptionsByTopic: (p) => {
      const topic = existing(p);
      const members = subscriptions
        .filter((s) => s.topicArn === topic)
        .map(
          (s) =>
            `<member><TopicArn>${xml(s.topicArn)}</TopicArn><Protocol>${s.protocol}</Protocol><SubscriptionArn>${xml(s.confirmed ? s.arn : 'PendingConfirmation')}</SubscriptionArn><Owner>${ACCOUNT}</Owner><Endpoint>${xml(s.endpoint)}</Endpoint></member>`,
        );
      return ok('ListSubscriptionsByTopic', `<Subscriptions>${members.join('')}</Subscriptions>`);
    },
    publish: (p) => {
      const topic = existing(p);
      const attributes = messageAttributes(p);
      const given = p.get('Subject');
      if (given && !isValidSnsSubject(given)) return error(400, 'InvalidParameter', 'Invalid parameter: Subject');
      const subject = given || 'AWS Notification Message';
      const message = need(p, 'Message');
      for (const sub of subscriptions) {
        if (sub.topicArn !== topic || !sub.confirmed) continue;
        if (matchesFilterPolicy(sub.filterPolicy, attributes)) void mail(sub.endpoint, subject, message);
      }
      return ok('Publish', `<MessageId>${randomUUID()}</MessageId>`);
    },
  };

  const filterPolicyCount = (topic: string) =>
    subscriptions.filter((s) => s.topicArn === topic && s.filterPolicy).length;

  const confirm = (topic: string, token: string) => {
    const sub = subscriptions.find((s) => s.topicArn === topic && s.token === token);
    if (sub && !sub.confirmed) {
      sub.confirmed = true;
      save();
    }
    return sub;
  };

  const server = localHttpServer(async (req, res) => {
    const url = new URL(req.url ?? '/', baseUrl);
    if (req.method === 'GET' && url.pathname === '/confirm') {
      const sub = confirm(url.searchParams.get('TopicArn') ?? '', url.searchParams.get('Token') ?? '');
      res.writeHead(sub ? 200 : 400, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        sub
          ? `<h1>Subscription confirmed!</h1><p>${xml(sub.endpoint)} receives the topic's notifications.</p>`
          : '<h1>Invalid token</h1>',
      );
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const params: Params = new Map(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
    const name = params.get('Action') ?? '';
    const action = actions[name.charAt(0).toLowerCase() + name.slice(1)];
    let reply: Reply;
    try {
      reply = action ? action(params) : error(400, 'InvalidAction', `Unknown action ${params.get('Action')}`);
    } catch (e) {
      reply =
        e instanceof SnsError
          ? error(e.status, e.code, e.message)
          : error(400, 'InvalidParameter', (e as Error).message);
    }
    res.writeHead(reply.status, { 'content-type': 'text/xml' });
    res.end(reply.body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, HOST, () => resolve());
  });
  return {
    name: 'SNS (e-mail to the inbox)',
    url: baseUrl,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

class SnsError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const topicArn = (name: string) => `arn:aws:sns:${REGION}:${ACCOUNT}:${name}`;

function need(p: Params, name: string): string {
  const value = p.get(name);
  if (!value) throw new Error(`${name} is required`);
  return value;
}

/** A query-protocol map (`<Prefix>.entry.<n>.key|value`, or Name|Value for message attributes). */
function entries(p: Params, prefix: string): Map<string, Map<string, string>> {
  const found = new Map<string, Map<string, string>>();
  const pattern = new RegExp(`^${prefix}\\.entry\\.(\\d+)\\.(.+)$`);
  for (const [key, value] of p) {
    const m = pattern.exec(key);
    if (!m?.[1] || !m[2]) continue;
    const entry = found.get(m[1]) ?? new Map<string, string>();
    entry.set(m[2], value);
    found.set(m[1], entry);
  }
  return found;
}

const mapOf = (p: Params, prefix: string): Record<string, string> =>
  Object.fromEntries([...entries(p, prefix).values()].map((e) => [e.get('key') ?? '', e.get('value') ?? '']));

const messageAttributes = (p: Params): Record<string, MessageAttribute> =>
  Object.fromEntries(
    [...entries(p, 'MessageAttributes').values()].map((e) => [
      e.get('Name') ?? '',
      { DataType: e.get('Value.DataType') ?? 'String', StringValue: e.get('Value.StringValue') },
    ]),
  );

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const ok = (action: string, result: string): Reply => ({
  status: 200,
  body: `<${action}Response xmlns="${XMLNS}"><${action}Result>${result}</${action}Result><ResponseMetadata><RequestId>${randomUUID()}</RequestId></ResponseMetadata></${action}Response>`,
});

const error = (status: number, code: string, message: string): Reply => ({
  status,
  body: `<ErrorResponse xmlns="${XMLNS}"><Error><Type>Sender</Type><Code>${code}</Code><Message>${xml(message)}</Message></Error><RequestId>${randomUUID()}</RequestId></ErrorResponse>`,
});
