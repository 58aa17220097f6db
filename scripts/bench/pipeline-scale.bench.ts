import { GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { BatchGetCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../../functions/lib/data/client';
import { itemKey } from '../../functions/lib/data/keys';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import type { DeviceRecord } from '../../functions/lib/devices/device-repository';
import { localServiceConfig } from '../../functions/lib/local-endpoints';
import { gatewayUplinkTopic } from '../../functions/lib/pipeline/topics';
import { port } from '../local/config';
import { connectAsThing, provisionLocalThing } from '../local/iot-clients';
import { mulberry32 } from '../seed/prng';
import { mqttJson } from '../simulate/bodies';
import { newTag, nextUplink, type SimTag } from '../simulate/fleet';
import { cpuSeconds } from './stack';

/**
 * The pipeline at 1,000 tags against the local stack: the simulator's fleet (scripts/simulate/
 * fleet.ts: trucks between the seed's places, stops, GNSS scatter) for every tag of the 1,000-tag tenant,
 * published over MQTT through one gateway of the tenant (MQTT -> IoT rule -> ingest -> SQS FIFO -> poller ->
 * processor -> table), in steps of rising rate. Per step: the rate the path took (published until every tag's
 * last uplink is on its device), the uplink queue's depth, the stack's CPU and the DynamoDB stand-in's latency
 * measured from this process meanwhile. Where the processed rate stops following the offered one is where the
 * local path saturates.
 */
export interface Latencies {
  get: number[];
  batchGet: number[];
  update: number[];
  put: number[];
}

export interface StepResult {
  offered: number;
  sent: number;
  publishSeconds: number;
  drainedSeconds: number;
  maxDepth: number;
  cpuShare: number;
  probeGetMs: number;
  /** Tags whose last uplink never reached their device (refused on the way). */
  unapplied: number;
}

const PROBE = { pk: 'BENCH#latency-probe', sk: 'probe' };
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
export const p95 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.95))] ?? NaN;

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

/** The stand-in's latency for the processor's four kinds of request, seen from a client: `n` of each. */
export async function standInLatencies(devices: DeviceRecord[], tenantId: number, n: number): Promise<Latencies> {
  const ctx = systemTenantContext(tenantId);
  const keys = devices.map((d) => itemKey(ctx, 'DEVICE', d.id));
  const result: Latencies = { get: [], batchGet: [], update: [], put: [] };
  for (let i = 0; i < n; i++) {
    const key = keys[i % keys.length] as Record<string, string>;
    result.get.push(await timed(() => dynamo().send(new GetCommand({ TableName: tableName(), Key: key }))));
    const ten = Array.from({ length: 10 }, (_, k) => keys[(i * 10 + k) % keys.length] as Record<string, string>);
    result.batchGet.push(
      await timed(() => dynamo().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: ten } } }))),
    );
    result.put.push(
      await timed(() =>
        dynamo().send(new PutCommand({ TableName: tableName(), Item: { ...PROBE, n: i, pad: 'x'.repeat(600) } })),
      ),
    );
    result.update.push(
      await timed(() =>
        dynamo().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: PROBE,
            UpdateExpression: 'SET n = :n',
            ExpressionAttributeValues: { ':n': i + 1 },
          }),
        ),
      ),
    );
  }
  return result;
}

async function appliedDates(devices: DeviceRecord[], tenantId: number): Promise<Map<number, string>> {
  const ctx = systemTenantContext(tenantId);
  const dates = new Map<number, string>();
  for (let i = 0; i < devices.length; i += 100) {
    const keys = devices.slice(i, i + 100).map((d) => itemKey(ctx, 'DEVICE', d.id));
    const result = await dynamo().send(
      new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: keys, ProjectionExpression: 'id, last_event' } } }),
    );
    for (const item of result.Responses?.[tableName()] ?? [])
      dates.set(Number(item.id), String((item.last_event as { date?: string } | null)?.date));
  }
  return dates;
}

const queueDepth = async (sqs: SQSClient) => {
  const { Attributes } = await sqs.send(
    new GetQueueAttributesCommand({ QueueUrl: process.env.UPLINK_QUEUE_URL, AttributeNames: ['All'] }),
  );
  return (
    Number(Attributes?.ApproximateNumberOfMessages ?? 0) +
    Number(Attributes?.ApproximateNumberOfMessagesNotVisible ?? 0)
  );
};

/** One step: `rate` uplinks a second for `seconds`, round robin over the fleet, then until all are applied. */
async function step(
  fleet: { tag: SimTag; device: DeviceRecord }[],
  context: { tenantId: number; publish: (topic: string, body: string) => Promise<unknown>; stackPid?: number },
  rate: number,
  seconds: number,
): Promise<StepResult> {
  const sqs = new SQSClient(localServiceConfig('SQS_ENDPOINT'));
  const rng = mulberry32(rate * 1000 + seconds);
  const last = new Map<number, string>();
  const cpuStart = context.stackPid ? cpuSeconds(context.stackPid) : NaN;
  const started = Date.now();
  const total = Math.round(rate * seconds);
  let maxDepth = 0;
  const probes: number[] = [];
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      maxDepth = Math.max(maxDepth, await queueDepth(sqs));
      probes.push(await timed(() => dynamo().send(new GetCommand({ TableName: tableName(), Key: PROBE }))));
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  })();
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
    const { tag, device } = fleet[i % fleet.length] as { tag: SimTag; device: DeviceRecord };
    const uplink = nextUplink(tag, rng, Date.now());
    last.set(device.id, uplink.at.toISOString());
    await context.publish(gatewayUplinkTopic(String(context.tenantId), tag.devEui), JSON.stringify(mqttJson(uplink)));
  }
  const published = Date.now();
  const waiting = fleet.map((f) => f.device).filter((d) => last.has(d.id));
  // Until every tag's last uplink is on its device; an uplink the path refused (the simulator's rare implausible
  // fix) would never arrive, so a count that has not moved for 30 s ends the wait and is reported.
  let missing = waiting.length;
  let movedAt = Date.now();
  for (;;) {
    const dates = await appliedDates(waiting, context.tenantId);
    const now = waiting.filter((d) => dates.get(d.id) !== last.get(d.id)).length;
    if (now !== missing) movedAt = Date.now();
    missing = now;
    if (missing === 0 || Date.now() - movedAt > 30_000) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const drained = missing === 0 ? Date.now() : movedAt;
  sampling = false;
  await sampler;
  return {
    offered: rate,
    sent: total,
    publishSeconds: (published - started) / 1000,
    drainedSeconds: (drained - started) / 1000,
    maxDepth,
    cpuShare: context.stackPid ? (cpuSeconds(context.stackPid) - cpuStart) / ((drained - started) / 1000) : NaN,
    probeGetMs: median(probes),
    unapplied: missing,
  };
}

/** The steps at `rates` (uplinks/s) over every positioned tag of the tenant. */
export async function scaleSteps(
  devices: DeviceRecord[],
  tenantId: number,
  rates: number[],
  seconds: number,
  stackPid: number | undefined,
  log: (line: string) => void,
): Promise<StepResult[]> {
  const rng = mulberry32(1126);
  const fleet = devices.map((device, i) => ({
    device,
    tag: newTag(
      rng,
      {
        devEui: device.dev_eui,
        assetName: device.asset?.name ?? device.name ?? '',
        lat: device.last_event?.latitude as number,
        lon: device.last_event?.longitude as number,
      },
      i,
    ),
  }));
  const gateway = { kind: 'gateway', thingName: `gw-${tenantId}-scale`, tenantId: String(tenantId) } as const;
  const client = await connectAsThing(port('MQTT_PORT'), await provisionLocalThing(port('IOT_PORT'), gateway));
  const publish = (topic: string, body: string) => client.publishAsync(topic, body, { qos: 1 });
  const results: StepResult[] = [];
  try {
    for (const rate of rates) {
      log(`pipeline at ${devices.length} tags: ${rate} uplinks/s for ${seconds} s`);
      results.push(await step(fleet, { tenantId, publish, stackPid }, rate, seconds));
    }
  } finally {
    await client.endAsync();
  }
  return results;
}
