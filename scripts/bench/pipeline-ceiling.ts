import type { SQSRecord } from 'aws-lambda';
import { dynamo } from '../../functions/lib/data/client';
import type { DeviceRecord } from '../../functions/lib/devices/device-repository';
import { processBatch } from '../../functions/lib/pipeline/processor/process-batch';

/**
 * The processor's own ceiling (issue 19 part 5), what Lambda would do with DynamoDB not the bottleneck: the real
 * processor code in this process with its table calls answered by a stub after a given latency per kind of
 * request. The stub replays what the table answered in a recording pass over the same uplinks (so every read
 * finds its item, every counter its value); a write the recording lacks (the live change log's random cursor)
 * answers empty, a read it lacks goes to the table (counted as misses). One "container" runs one batch at a
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

type Output = Record<string, unknown>;
const WRITES = new Set(['PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand', 'BatchWriteItemCommand']);

function latencyOf(command: string, latency: LatencyMs): number {
  if (command === 'BatchGetItemCommand') return latency.batchGet;
  if (command === 'UpdateItemCommand' || command === 'TransactWriteItemsCommand') return latency.update;
  if (WRITES.has(command)) return latency.put;
  return latency.get;
}

const keyOf = (command: string, input: unknown) => `${command} ${JSON.stringify(input)}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Records every answer of the table while `work` runs. */
async function recording(work: () => Promise<unknown>): Promise<Map<string, Output>> {
  const answers = new Map<string, Output>();
  const name = 'benchCeilingRecord';
  dynamo().middlewareStack.add(
    // biome-ignore lint/suspicious/noExplicitAny: generic SDK middleware
    (next: any, context: { commandName?: string }) => async (args: { input: unknown }) => {
      const key = keyOf(context.commandName ?? '?', args.input);
      const result = await next(args);
      answers.set(key, structuredClone(result.output));
      return result;
    },
    { step: 'initialize', name },
  );
  try {
    await work();
  } finally {
    dynamo().middlewareStack.remove(name);
  }
  return answers;
}

/** Answers from `answers` after the latency of the request's kind while `work` runs; counts the misses. */
async function stubbed(answers: Map<string, Output>, latency: LatencyMs, work: () => Promise<unknown>) {
  let misses = 0;
  const name = 'benchCeilingStub';
  dynamo().middlewareStack.add(
    // biome-ignore lint/suspicious/noExplicitAny: generic SDK middleware
    (next: any, context: { commandName?: string }) => async (args: { input: unknown }) => {
      const command = context.commandName ?? '?';
      const answer = answers.get(keyOf(command, args.input));
      if (!answer && !WRITES.has(command)) {
        misses++;
        return next(args);
      }
      await sleep(latencyOf(command, latency));
      return { output: structuredClone(answer ?? { $metadata: {} }), response: {} };
    },
    { step: 'initialize', name },
  );
  try {
    await work();
  } finally {
    dynamo().middlewareStack.remove(name);
  }
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
    for (const batch of batches) await processBatch(batch);
  });
  return { batches, answers };
}

/** Runs the recorded batches against the stub, `concurrency` at a time, `rounds` times over. */
export async function ceiling(
  recorded: { batches: SQSRecord[][]; answers: Map<string, Output> },
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
        await processBatch(batch);
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
