import { Readable } from 'node:stream';
import type { SQSRecord } from 'aws-lambda';
import { dynamo } from '../../functions/lib/data/client';
import type { DeviceRecord } from '../../functions/lib/devices/device-repository';
import { handler as processor } from '../../functions/pipeline/processor';

/**
 * The processor's own ceiling, what Lambda would do with DynamoDB not the bottleneck: the real
 * processor code in this process with its DynamoDB client's HTTP handler answering after a given latency per kind
 * of request (the SDK still serializes, signs and parses as in Lambda). The stub replays what the table answered
 * in a recording pass over the same uplinks (so every read finds its item, every counter its value); a write the
 * recording lacks (the live change log's random cursor) answers `{}`, a read it lacks goes to the table
 * (counted as misses). One "container" runs one batch at a
 * time, as a Lambda container does; `concurrency` runs that many side by side in this one process.
 */
export interface LatencyMs {
  get: number;
  batchGet: number;
  update: number;
  put: number;
}

export interface CeilingResult {
  batches: number;
  concurrency: number;
  eventsPerSecond: number;
  batchMsMedian: number;
  cpuMsPerEvent: number;
  misses: number;
}

type Answer = { statusCode: number; headers: Record<string, string>; body: Buffer };
/** The shapes of the SDK's HTTP request and response (smithy's), as far as the stub needs them. */
type HttpRequest = { headers: Record<string, string>; body?: unknown };
type HttpResponse = { statusCode: number; headers: Record<string, string>; body: unknown };
type Handler = { handle(request: HttpRequest, options?: unknown): Promise<{ response: HttpResponse }> };
const WRITES = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'TransactWriteItems']);

function latencyOf(target: string, latency: LatencyMs): number {
  if (target === 'BatchGetItem') return latency.batchGet;
  if (target === 'UpdateItem' || target === 'TransactWriteItems') return latency.update;
  if (WRITES.has(target)) return latency.put;
  return latency.get;
}

const targetOf = (request: HttpRequest) => String(request.headers['x-amz-target'] ?? '').split('.')[1] ?? '';
/** The request's body as text (the SDK hands a string or bytes). */
const bodyOf = (body: unknown) =>
  typeof body === 'string' ? body : Buffer.from((body ?? new Uint8Array()) as Uint8Array).toString('utf8');
const keyOf = (request: HttpRequest) => `${targetOf(request)} ${bodyOf(request.body)}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const responseOf = (answer: Answer): HttpResponse => ({
  statusCode: answer.statusCode,
  headers: { ...answer.headers },
  body: Readable.from([answer.body]),
});

/**
 * The processor's client's HTTP handler, swapped while `work` runs: the SDK still builds, signs and parses every
 * request as in Lambda; only the network and the table are replaced.
 */
async function withHandler(handler: (original: Handler) => Handler, work: () => Promise<unknown>) {
  const config = dynamo().config as unknown as { requestHandler: Handler };
  const original = config.requestHandler;
  config.requestHandler = handler(original);
  try {
    await work();
  } finally {
    config.requestHandler = original;
  }
}

/** Records every answer of the table, by request, while `work` runs. */
export async function recording(work: () => Promise<unknown>): Promise<Map<string, Answer>> {
  const answers = new Map<string, Answer>();
  await withHandler(
    (original) => ({
      async handle(request, options) {
        const { response } = await original.handle(request, options);
        const chunks: Buffer[] = [];
        for await (const chunk of response.body as AsyncIterable<Buffer>) chunks.push(Buffer.from(chunk));
        const answer = { statusCode: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) };
        answers.set(keyOf(request), answer);
        return { response: responseOf(answer) };
      },
    }),
    work,
  );
  return answers;
}

/** Answers from `answers` after the latency of the request's kind while `work` runs; counts the misses. */
export async function stubbed(answers: Map<string, Answer>, latency: LatencyMs, work: () => Promise<unknown>) {
  let misses = 0;
  await withHandler(
    (original) => ({
      async handle(request, options) {
        const target = targetOf(request);
        const answer = answers.get(keyOf(request));
        if (!answer && !WRITES.has(target)) {
          misses++;
          return original.handle(request, options);
        }
        await sleep(latencyOf(target, latency));
        return { response: responseOf(answer ?? { statusCode: 200, headers: {}, body: Buffer.from('{}') }) };
      },
    }),
    work,
  );
  return misses;
}

/** Common-path uplinks (a few metres on, a second later) of every device, in batches of 10 as the queue hands them. */
function batchesOf(devices: DeviceRecord[], tenantId: number, at: number): SQSRecord[][] {
  const records = devices.map(
    (device, i) =>
      ({
        messageId: `bench-ceiling-${i}`,
        body: JSON.stringify({
          tenant: String(tenantId),
          devEui: device.dev_eui,
          source: 'mqtt',
          measuredAt: new Date(at).toISOString(),
          receivedAt: new Date(at).toISOString(),
          decoded: {
            eventType: 'still',
            fix: {
              latitude: (device.last_event?.latitude as number) + 3 / 111_000,
              longitude: device.last_event?.longitude as number,
              accuracy: 10,
              source: 'gnss',
            },
          },
        }),
        attributes: { MessageGroupId: device.dev_eui },
      }) as unknown as SQSRecord,
  );
  const batches: SQSRecord[][] = [];
  for (let i = 0; i < records.length; i += 10) batches.push(records.slice(i, i + 10));
  return batches;
}

/** Records the table's answers to one real pass over the devices' uplinks; the stubbed runs replay them. */
export async function recordCeilingPass(devices: DeviceRecord[], tenantId: number) {
  const batches = batchesOf(devices, tenantId, Date.now() + 60_000);
  const answers = await recording(async () => {
    for (const batch of batches) await processor({ Records: batch });
  });
  return { batches, answers };
}

/** Runs the recorded batches against the stub, `concurrency` at a time, `rounds` times over. */
export async function ceiling(
  recorded: { batches: SQSRecord[][]; answers: Map<string, Answer> },
  latency: LatencyMs,
  concurrency: number,
  rounds: number,
): Promise<CeilingResult> {
  const work = Array.from({ length: rounds }, () => recorded.batches).flat();
  const durations: number[] = [];
  const cpu = process.cpuUsage();
  const started = performance.now();
  const misses = await stubbed(recorded.answers, latency, async () => {
    let next = 0;
    const container = async () => {
      while (next < work.length) {
        const batch = work[next++] as SQSRecord[];
        const start = performance.now();
        await processor({ Records: batch });
        durations.push(performance.now() - start);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, container));
  });
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const events = work.reduce((n, batch) => n + batch.length, 0);
  const sorted = durations.sort((a, b) => a - b);
  return {
    batches: work.length,
    concurrency,
    eventsPerSecond: events / seconds,
    batchMsMedian: sorted[Math.floor(sorted.length / 2)] ?? NaN,
    cpuMsPerEvent: (used.user + used.system) / 1000 / events,
    misses,
  };
}
