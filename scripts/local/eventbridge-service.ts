import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import path from 'node:path';
import { PIPELINE_RULES, type PipelineRule } from '../../infra/pipeline-rules';
import { HOST, localHttpServer, REGION } from './config';
import { recordDeadLetter } from './dead-letters';
import { matchesPattern } from './event-pattern';

type Handler = (event: unknown) => Promise<unknown>;

const FUNCTIONS_DIR = path.resolve(__dirname, '../../functions');
/** Lambda retries a failed asynchronous invocation twice. */
const ATTEMPTS = 3;
const LOCAL_ACCOUNT = '000000000000';
/** Deliveries kept for GET /_local/deliveries (tests count how often a target ran); the oldest go first. */
const KEPT_DELIVERIES = 5000;

interface PutEventsEntry {
  Source?: string;
  DetailType?: string;
  Detail?: string;
  EventBusName?: string;
  Resources?: string[];
  /** The SDK sends a Date as epoch seconds. */
  Time?: number | string;
}

/**
 * The local stand-in for EventBridge's PutEvents (AWS JSON 1.1, X-Amz-Target AWSEvents.PutEvents), so
 * publishAlarms makes the same SDK call as on AWS. Each entry becomes the event a rule target receives; the
 * rules of infra/pipeline-rules.ts (the ones CDK deploys) are matched and their handler modules invoked
 * asynchronously, as EventBridge invokes a Lambda target, with Lambda's two retries on failure.
 */
export async function startEventBridgeService(port: number, log: (line: string) => void = console.error) {
  const handlers = new Map<string, Promise<Handler>>();
  const load = (rule: PipelineRule) => {
    if (!handlers.has(rule.targetModule)) {
      const file = path.join(FUNCTIONS_DIR, `${rule.targetModule}.ts`);
      handlers.set(
        rule.targetModule,
        import(file).then((m: { handler: Handler }) => m.handler),
      );
    }
    return handlers.get(rule.targetModule) as Promise<Handler>;
  };
  const deliveries: { rule: string; detail: unknown; ok: boolean }[] = [];
  const deliver = async (rule: PipelineRule, event: unknown) => {
    for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
      try {
        await (await load(rule))(event);
        deliveries.push({ rule: rule.id, detail: (event as { detail: unknown }).detail, ok: true });
        if (deliveries.length > KEPT_DELIVERIES) deliveries.shift();
        return;
      } catch (error) {
        if (attempt === ATTEMPTS) {
          log(`rule ${rule.id}: target failed ${ATTEMPTS} times: ${(error as Error).stack}`);
          // As the target's dead-letter queue / the handler's onFailure destination on AWS: the event is kept.
          recordDeadLetter('eventbridge-rule', { target: rule.id, payload: event, error, attempts: ATTEMPTS });
        }
      }
    }
  };

  // One event after the other: EventBridge promises no order, but a local run (and a test) that does the
  // same twice gets the same result.
  let queue = Promise.resolve();

  const server = localHttpServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const target = req.headers['x-amz-target'];
    // Local only, not an AWS API: the targets run so far (tests count the geocoder's runs per device).
    if (req.method === 'GET' && req.url?.startsWith('/_local/deliveries')) {
      const rule = new URL(req.url, 'http://local').searchParams.get('rule');
      // What was put before this request has run by the time it is answered.
      await queue;
      return answer(res, 200, { deliveries: deliveries.filter((d) => !rule || d.rule === rule) });
    }
    if (req.method !== 'POST' || target !== 'AWSEvents.PutEvents') {
      return answer(res, 400, { __type: 'UnknownOperationException', message: `Not supported: ${target}` });
    }
    let entries: PutEventsEntry[];
    try {
      entries = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { Entries?: PutEventsEntry[] }).Entries ?? [];
    } catch {
      return answer(res, 400, { __type: 'SerializationException', message: 'The body is not JSON' });
    }
    const results = entries.map((entry) => {
      const event = toEvent(entry);
      if (!event) return { ErrorCode: 'MalformedDetail', ErrorMessage: 'Detail, DetailType and Source are required' };
      for (const rule of PIPELINE_RULES) {
        if (!matchesPattern(rule.eventPattern, event)) continue;
        queue = queue.then(() => deliver(rule, event));
      }
      return { EventId: event.id };
    });
    answer(res, 200, { FailedEntryCount: results.filter((r) => 'ErrorCode' in r).length, Entries: results });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, () => resolve());
  });
  return {
    name: 'EventBridge (pipeline rules)',
    url: `http://${HOST}:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The envelope a rule target receives on AWS. */
function toEvent(entry: PutEventsEntry) {
  if (!entry.Source || !entry.DetailType || !entry.Detail) return undefined;
  let detail: unknown;
  try {
    detail = JSON.parse(entry.Detail);
  } catch {
    return undefined;
  }
  // PutEvents takes only a JSON object as Detail (MalformedDetail otherwise), so a target never gets null.
  if (typeof detail !== 'object' || detail === null || Array.isArray(detail)) return undefined;
  const time =
    entry.Time === undefined ? new Date() : new Date(typeof entry.Time === 'number' ? entry.Time * 1000 : entry.Time);
  // EventBridge uses the time of the call when the given one is not a time.
  if (Number.isNaN(time.getTime())) time.setTime(Date.now());
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': entry.DetailType,
    source: entry.Source,
    account: LOCAL_ACCOUNT,
    time: time.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    region: REGION,
    resources: entry.Resources ?? [],
    detail,
  };
}

function answer(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' });
  res.end(JSON.stringify(body));
}
