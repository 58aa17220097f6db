import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSRecord } from 'aws-lambda';
import { dynamo, tableName } from '../../functions/lib/data/client';
import { itemKey } from '../../functions/lib/data/keys';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import type { DeviceRecord } from '../../functions/lib/devices/device-repository';
import { handler as processor } from '../../functions/pipeline/processor';
import { type CapacityTally, tallyConsumedCapacity, writeRequests } from './consumed-capacity';
import { markdownTable } from './markdown-table';

/**
 * Write units per event of the real processor, counted from DynamoDB's ConsumedCapacity by a
 * middleware on the processor's own client (consumed-capacity.ts), on the common path and the rarer ones. The
 * uplinks are dated up to 3 minutes ahead and received "then" (receivedAt = measuredAt), so the sustained run
 * after them (dated 5 minutes ahead) still advances every tag.
 */
const DEMO = systemTenantContext('1');
const METRES_PER_DEGREE = 111_000;

export interface ScenarioUnits {
  label: string;
  events: number;
  tally: CapacityTally;
}

interface Uplink {
  device: DeviceRecord;
  at: number;
  /** Metres north of the device's stored position. */
  north: number;
  batteryLow?: boolean;
}

const recordOf = ({ device, at, north, batteryLow }: Uplink, i: number): SQSRecord =>
  ({
    messageId: `bench-units-${i}`,
    body: JSON.stringify({
      tenant: DEMO.tenantId,
      devEui: device.dev_eui,
      source: 'mqtt',
      measuredAt: new Date(at).toISOString(),
      receivedAt: new Date(at).toISOString(),
      decoded: {
        eventType: 'still',
        ...(batteryLow === undefined ? {} : { batteryLow }),
        fix: {
          latitude: (device.last_event?.latitude as number) + north / METRES_PER_DEGREE,
          longitude: device.last_event?.longitude as number,
          accuracy: 10,
          source: 'gnss',
        },
      },
    }),
    attributes: { MessageGroupId: device.dev_eui },
  }) as unknown as SQSRecord;

/** Runs the processor on the uplinks in batches of 10 (a full batch, as the queue hands them) and tallies. */
export async function measure(label: string, uplinks: Uplink[]): Promise<ScenarioUnits> {
  const counting = tallyConsumedCapacity(dynamo());
  try {
    const records = uplinks.map(recordOf);
    for (let i = 0; i < records.length; i += 10) await processor({ Records: records.slice(i, i + 10) });
  } finally {
    counting.stop();
  }
  return { label, events: uplinks.length, tally: counting.tally };
}

/**
 * Makes the devices' next uplink their first fix: the device and its asset lose their last event, position and
 * zone state (and the asset leaves the map index), as a tag that never reported. Only the bench's own stack.
 */
async function forgetPositions(devices: DeviceRecord[]) {
  for (const device of devices) {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: itemKey(DEMO, 'DEVICE', device.id),
        UpdateExpression: 'REMOVE last_event',
      }),
    );
    if (!device.asset) continue;
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: itemKey(DEMO, 'ASSET', device.asset.id),
        UpdateExpression: 'REMOVE last_event, lastLocationUpdate, zone_membership, gsi7pk, gsi7sk',
      }),
    );
  }
}

/**
 * The scenarios, in time order on the same tags: the first pass settles each asset's zone state and rest
 * position; then the common path (same place a second later), a battery flag set and cleared (the device's
 * battery sort key moves), a move of 5 km in 3 minutes (out of the zone where the asset stood in one; two fixes,
 * as the zone hysteresis may want a second), and first fixes on other tags.
 */
export async function pipelineUnits(devices: DeviceRecord[], log: (line: string) => void): Promise<ScenarioUnits[]> {
  const tags = devices.slice(0, 100);
  const firsts = devices.slice(100, 120);
  const at = Date.now() + 60_000;
  const pass = (label: string, offset: number, north: number, batteryLow?: boolean) =>
    measure(
      label,
      tags.map((device) => ({ device, at: at + offset, north, batteryLow })),
    );
  const results: ScenarioUnits[] = [];
  await pass('settle', 0, 5);
  results.push(await pass('common path: same place a second later', 1000, 6));
  results.push(await pass('battery flag set (device battery sort key moves)', 2000, 6, true));
  results.push(await pass('battery flag cleared again', 3000, 6, false));
  results.push(await pass('moved 5 km in 3 min: first fix there (zone left where the asset had one)', 180_000, 5000));
  results.push(await pass('moved 5 km: second fix there', 181_000, 5001));
  log(`pipeline units: first fixes on ${firsts.length} tags`);
  await forgetPositions(firsts);
  results.push(
    await measure(
      "first fix (a tag and asset with no position: the asset enters the map index, the time rules' timer)",
      firsts.map((device) => ({ device, at: at + 1000, north: 5 })),
    ),
  );
  return results;
}

const per = (n: number, events: number) => (n / events).toFixed(2);

/** Which items the write units of one scenario went to, per event: `DEVICE 16.2 (1.00 requests), ...`. */
export function unitsByItem({ events, tally }: ScenarioUnits): string {
  return Object.entries(tally.byItem)
    .sort(([, a], [, b]) => b.writeUnits - a.writeUnits)
    .map(
      ([kind, { requests, writeUnits }]) =>
        `\`${kind}\` ${per(writeUnits, events)} (${per(requests, events)} requests)`,
    )
    .join(', ');
}

/** The section's table: per event, the write requests, write units (table, each index) and read units. */
export function unitsTable(results: ScenarioUnits[]): string[] {
  const indexNames = [...new Set(results.flatMap((r) => Object.keys(r.tally.indexWriteUnits)))].sort(
    (a, b) => Number(a.replace(/\D/g, '')) - Number(b.replace(/\D/g, '')),
  );
  return markdownTable(
    [
      { heading: 'uplinks (batches of 10)' },
      { heading: 'events', align: 'right' },
      { heading: 'write requests / event', align: 'right' },
      { heading: '**write units / event**', align: 'right' },
      { heading: 'table', align: 'right' },
      ...indexNames.map((name) => ({ heading: name, align: 'right' as const })),
      { heading: 'read units / event', align: 'right' },
    ],
    results.map(({ label, events, tally }) => [
      label,
      events,
      per(writeRequests(tally), events),
      `**${per(tally.writeUnits, events)}**`,
      per(tally.tableWriteUnits, events),
      ...indexNames.map((name) => per(tally.indexWriteUnits[name] ?? 0, events)),
      per(tally.readUnits, events),
    ]),
  );
}
