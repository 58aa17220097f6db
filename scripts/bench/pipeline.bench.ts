import os from 'node:os';
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../../functions/lib/data/client';
import { itemKey } from '../../functions/lib/data/keys';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import type { DeviceRecord } from '../../functions/lib/devices/device-repository';
import { encodeTrackerPayload } from '../../functions/lib/pipeline/decoders';
import { nextMembership, ZoneIndex } from '../../functions/lib/pipeline/geofence';
import { checkUplink } from '../../functions/lib/pipeline/processor/process-batch';
import { uplinkEffects, type ZoneLookup } from '../../functions/lib/pipeline/processor/uplink-effects';
import { gatewayUplinkTopic } from '../../functions/lib/pipeline/topics';
import { port } from '../local/config';
import { connectAsThing, provisionLocalThing } from '../local/iot-clients';
import { mqttJson } from '../simulate/bodies';
import { writeRequests } from './consumed-capacity';
import { benchZones } from './geofence-zones';
import { markdownTable } from './markdown-table';
import { partitionItems } from './partition';
import { pipelineUnits, type ScenarioUnits, unitsByItem, unitsTable } from './pipeline-units';

/**
 * The device pipeline's figures (docs/performance.md, section "pipeline"):
 *  - processor CPU per event without I/O: parse the queued body, decode, plausibility, zone lookup and
 *    hysteresis, the effects (what `processOne` computes between its reads and its writes);
 *  - DynamoDB write requests per event on the common path (a position inside the same zone), counted on the
 *    client of the real processor code running in this process against the stack's table;
 *  - sustained events per second through the whole local path: MQTT publish -> local IoT rule -> ingest ->
 *    SQS stand-in -> poller -> processor -> table, every tag of the demo tenant publishing, until each tag's
 *    last uplink is on its device.
 */
const DEMO = systemTenantContext('1');

export async function demoDevices(): Promise<DeviceRecord[]> {
  const devices = await partitionItems<DeviceRecord>('T#1#DEVICE');
  return devices.filter((d) => d.last_event?.latitude != null);
}

const uplinkNear = (device: DeviceRecord, at: Date, metres: number) => ({
  devEui: device.dev_eui,
  at,
  payload: {
    eventType: 'still' as const,
    fix: {
      latitude: (device.last_event?.latitude as number) + metres / 111_000,
      longitude: device.last_event?.longitude as number,
      accuracy: 10,
    },
  },
});

function cpuPerEvent(device: DeviceRecord, zoneCount: number): number {
  const index = ZoneIndex.build(benchZones(zoneCount));
  const zones: ZoneLookup = {
    zoneOf: (lon, lat) => index.zoneOf(lon, lat),
    observe: (id, fix) => index.observe(id, fix),
    nextMembership: (prev, obs) => nextMembership(prev, obs),
  };
  const payloadHex = encodeTrackerPayload(uplinkNear(device, new Date(), 5).payload);
  const body = JSON.stringify({
    tenant: DEMO.tenantId,
    devEui: device.dev_eui,
    source: 'kpn',
    measuredAt: new Date(Date.now() + 60_000).toISOString(),
    receivedAt: new Date().toISOString(),
    payloadFormat: 'tracker-v1',
    payloadHex,
  });
  const asset = { id: 1, name: 'a', devices: [], geo_zone: { id: 1, name: null } } as never;
  const run = () => {
    const uplink = JSON.parse(body);
    const checked = checkUplink(uplink, { ctx: DEMO, device });
    if (!checked.ok) throw new Error(checked.reason);
    uplinkEffects({ tenantId: '1', uplink, decoded: checked.decoded, device, asset, zones, statuses: {} });
  };
  for (let i = 0; i < 20_000; i++) run();
  const samples: number[] = [];
  for (let r = 0; r < 7; r++) {
    const n = 5000;
    const start = process.hrtime.bigint();
    for (let i = 0; i < n; i++) run();
    samples.push(Number(process.hrtime.bigint() - start) / 1000 / n);
  }
  return samples.sort((a, b) => a - b)[3] as number;
}

async function lastEventDates(devices: DeviceRecord[]): Promise<Map<number, string>> {
  const dates = new Map<number, string>();
  for (let i = 0; i < devices.length; i += 100) {
    const keys = devices.slice(i, i + 100).map((d) => itemKey(DEMO, 'DEVICE', d.id));
    const result = await dynamo().send(
      new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: keys, ProjectionExpression: 'id, last_event' } } }),
    );
    for (const item of result.Responses?.[tableName()] ?? [])
      dates.set(Number(item.id), String((item.last_event as { date?: string } | null)?.date));
  }
  return dates;
}

/**
 * Every demo tag's uplinks, `perTag` each, published over MQTT as fast as the broker takes them, through one
 * gateway thing of the demo tenant (one connection, as a LoRaWAN gateway relays its tags).
 */
async function sustained(devices: DeviceRecord[], perTag: number) {
  const gateway = { kind: 'gateway', thingName: 'gw-1-bench', tenantId: DEMO.tenantId } as const;
  const client = await connectAsThing(port('MQTT_PORT'), await provisionLocalThing(port('IOT_PORT'), gateway));
  const base = Date.now() + 300_000;
  const last = new Map<number, string>();
  const started = Date.now();
  for (let k = 0; k < perTag; k++) {
    await Promise.all(
      devices.map((device) => {
        const at = new Date(base + k * 1000);
        last.set(device.id, at.toISOString());
        const uplink = uplinkNear(device, at, 5 + k);
        const topic = gatewayUplinkTopic(DEMO.tenantId, device.dev_eui);
        return client.publishAsync(topic, JSON.stringify(mqttJson(uplink)), { qos: 1 });
      }),
    );
  }
  const published = Date.now();
  for (;;) {
    const dates = await lastEventDates(devices);
    if (devices.every((d) => dates.get(d.id) === last.get(d.id))) break;
    if (Date.now() - published > 600_000) throw new Error('The pipeline did not catch up within 10 minutes');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await client.endAsync();
  const seconds = (Date.now() - started) / 1000;
  return {
    events: devices.length * perTag,
    tags: devices.length,
    seconds,
    publishSeconds: (published - started) / 1000,
  };
}

export async function benchPipeline(log: (line: string) => void): Promise<string> {
  // The processor runs in this process as in Lambda, where CDK sets LIVE_MIN_INTERVAL_MS=0 (one message per
  // invocation); the live publisher reads it once, so it is set before the first batch.
  process.env.LIVE_MIN_INTERVAL_MS = '0';
  const devices = await demoDevices();
  log(`pipeline: ${devices.length} demo tags`);
  const cpu = [1, 100, 1000].map((zones) => [zones, cpuPerEvent(devices[0] as DeviceRecord, zones)] as const);
  const units = await pipelineUnits(devices, log);
  // On a machine too busy for the path to catch up within 10 minutes the row says so; the units stay measured.
  const flow = await sustained(devices, Number(process.env.BENCH_PIPELINE_UPLINKS_PER_TAG ?? 10)).catch(
    (error: Error) => error,
  );
  const sustainedRow =
    flow instanceof Error
      ? [
          'sustained events/s through the local path (MQTT -> rule -> ingest -> SQS -> processor)',
          `not measured: ${flow.message}`,
          '',
        ]
      : [
          `sustained events/s through the local path (MQTT -> rule -> ingest -> SQS -> processor), ${flow.tags} tags × ${flow.events / flow.tags} uplinks`,
          `${(flow.events / flow.seconds).toFixed(0)}/s (${flow.events} events in ${flow.seconds.toFixed(1)} s; publishing took ${flow.publishSeconds.toFixed(1)} s)`,
          '',
        ];
  const common = units[0] as ScenarioUnits;
  const load = os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');
  return [
    '## Device event pipeline (`npm run bench`, scripts/bench/pipeline.bench.ts)',
    '',
    `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node.js ${process.version}, ` +
      `${os.cpus().length} cores shared with other work (load average 1/5/15 min at the end: ${load}). CPU per event ` +
      'is the median of 7 runs of 5,000 after 20,000 warm-up runs. The whole local stack (broker, IoT rules, ingest, ' +
      'SQS stand-in, poller, processor, dynalite) runs in one Node.js process, so the sustained rate is that ' +
      "process's, not what Lambda would do (docs/capacity.md).",
    '',
    ...markdownTable(
      [{ heading: 'measure' }, { heading: 'value' }, { heading: 'goal' }],
      [
        ...cpu.map(([zones, us]) => [
          `processor CPU per event, no I/O (parse, decode, plausibility, zones, effects), ${zones} zone(s)`,
          `${us.toFixed(1)} µs`,
          '≤ 500 µs',
        ]),
        [
          `DynamoDB write requests per event, common path (${common.events} events, real processor)`,
          (writeRequests(common.tally) / common.events).toFixed(2),
          '≤ 3',
        ],
        [
          `DynamoDB requests for those ${common.events} events (batches of 10)`,
          Object.entries(common.tally.requests)
            .map(([c, n]) => `${c.replace('Command', '')} ${n}`)
            .join(', '),
          '',
        ],
        [
          'DynamoDB write units per event, common path (ConsumedCapacity, table + indexes)',
          (common.tally.writeUnits / common.events).toFixed(2),
          '≤ 8',
        ],
        sustainedRow,
      ],
    ),
    '',
    '**Write units per event**, from the ConsumedCapacity DynamoDB answers each of the ' +
      "processor's requests (a middleware on its client asks for `INDEXES`; locally the DynamoDB front counts them " +
      'as DynamoDB does, indexes included: scripts/local/dynamo-capacity.ts). Per index: the units written into it.',
    '',
    ...unitsTable(units),
    '',
    ...units.map((scenario) => `- ${scenario.label}, write units per event by item: ${unitsByItem(scenario)}.`),
  ].join('\n');
}
