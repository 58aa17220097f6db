import {
  PACED_WCU_PER_SECOND,
  PARTITION_WCU_LIMIT,
  type PaceClock,
  PartitionPacer,
  writeUnits,
} from '../../functions/lib/data/partition-pace';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { devicePartitionUnits } from '../../functions/lib/devices/device-import';
import type { DeviceRecord } from '../../functions/lib/devices/device-repository';

/**
 * DynamoDB serves one partition key at most 1,000 WCU a second. A 5,000-row device import writes
 * every device under the tenant's one device partition; its chunks are paced so that no second of the import
 * puts more than PACED_WCU_PER_SECOND on that key. Time is virtual: the clock advances when a writer waits.
 */
const ctx = systemTenantContext(3);
const DEVICES_PER_TRANSACTION = 49;

function virtualClock(): PaceClock & { elapsed: () => number } {
  let now = 0;
  return {
    now: () => now,
    sleep: async (ms) => {
      const wake = now + ms;
      await Promise.resolve();
      now = Math.max(now, wake);
    },
    elapsed: () => now,
  };
}

const device = (id: number, text: string): DeviceRecord => ({
  id,
  version: 1,
  logical_id: 5000 + id,
  name: `${text} ${id}`,
  model: text,
  notes: text,
  dev_eui: (0x70b3d5000000000n + BigInt(id)).toString(16).toUpperCase().padStart(16, '0'),
  barcode: `KPN${id}`,
  asset: null,
  activation_date: '2026-01-01T00:00:00.000Z',
  last_event: null,
  is_sabotaged: false,
  battery_level_low: false,
  device_profiles: [],
});

/** The import's schedule: its chunks written by four writers at once, each waiting for the pacer. */
async function paceImport(rows: number, text: string) {
  const clock = virtualClock();
  const pacer = new PartitionPacer(PACED_WCU_PER_SECOND, clock);
  const chunks: DeviceRecord[][] = [];
  for (let first = 1; first <= rows; first += DEVICES_PER_TRANSACTION) {
    const ids = Array.from({ length: Math.min(DEVICES_PER_TRANSACTION, rows - first + 1) }, (_, i) => first + i);
    chunks.push(ids.map((id) => device(id, text)));
  }
  const sent: { at: number; units: number }[] = [];
  let next = 0;
  const writer = async () => {
    while (next < chunks.length) {
      const chunk = (chunks[next++] as DeviceRecord[]).map((d) => ({ device: d }));
      const units = devicePartitionUnits(ctx, chunk);
      await pacer.take(units);
      sent.push({ at: clock.now(), units });
    }
  };
  await Promise.all(Array.from({ length: 4 }, writer));
  return { sent, seconds: clock.elapsed() / 1000 };
}

/** The most units any one-second window of the schedule holds. */
const busiestSecond = (sent: { at: number; units: number }[]) =>
  Math.max(
    ...sent.map(({ at }) => sent.filter((s) => s.at >= at && s.at < at + 1_000).reduce((a, s) => a + s.units, 0)),
  );

describe('partition pacing of a device import', () => {
  it('counts a transactional put at 2 WCU per started KB', () => {
    expect(writeUnits({ pk: 'a', sk: 'b' }, false)).toBe(1);
    expect(writeUnits({ pk: 'a', sk: 'b' }, true)).toBe(2);
    expect(writeUnits({ pk: 'a', text: 'x'.repeat(1_500) }, true)).toBe(4);
  });

  it.each([
    ['short names', 'Tag'],
    ['long free texts (3 KB devices)', 'n'.repeat(1_000)],
  ])('keeps every second of a 5,000-row import within the bound, with %s', async (_label, text) => {
    const { sent, seconds } = await paceImport(5_000, text);
    const total = sent.reduce((sum, s) => sum + s.units, 0);
    expect(sent).toHaveLength(Math.ceil(5_000 / DEVICES_PER_TRANSACTION));
    expect(busiestSecond(sent)).toBeLessThanOrEqual(PACED_WCU_PER_SECOND);
    expect(PACED_WCU_PER_SECOND).toBeLessThan(PARTITION_WCU_LIMIT);
    // As fast as the bound allows: the last chunk goes out within a second of the budget running out.
    expect(seconds).toBeLessThanOrEqual(Math.ceil(total / PACED_WCU_PER_SECOND));
  });
});
