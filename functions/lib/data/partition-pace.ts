import type { NativeAttributeValue } from '@aws-sdk/util-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { itemSize } from './item-size';

/**
 * DynamoDB serves one partition key at most 3,000 RCU and 1,000 WCU a second (docs/aws-parity.md); beyond it
 * requests are throttled whatever the table's capacity. A bulk write into one partition key (a device import:
 * every device of a tenant lives under `T#<t>#DEVICE`, and each of its six indexes keys them by the same
 * partition) is paced to PACED_WCU_PER_SECOND, 80% of the limit, leaving room for the console's own writes.
 */
export const PARTITION_WCU_LIMIT = 1_000;
export const PARTITION_RCU_LIMIT = 3_000;
export const PACED_WCU_PER_SECOND = 800;

/** A write costs 1 WCU per started KB of the item; inside a transaction twice that (DynamoDB's pricing rule). */
export const writeUnits = (item: Record<string, NativeAttributeValue>, transactional: boolean) =>
  Math.max(1, Math.ceil(itemSize(marshall(item, { removeUndefinedValues: true })) / 1024)) * (transactional ? 2 : 1);

export interface PaceClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realClock: PaceClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * Admits writes so that, in any one second, what was admitted costs at most `perSecond` units: a sliding
 * window of the last second's writes (a token bucket would let two seconds' worth through at its edge).
 */
export class PartitionPacer {
  private readonly sent: { at: number; units: number }[] = [];

  constructor(
    private readonly perSecond = PACED_WCU_PER_SECOND,
    private readonly clock: PaceClock = realClock,
  ) {}

  /** Waits until `units` more fit the last second's budget, then counts them as sent now. */
  async take(units: number): Promise<void> {
    const wanted = Math.min(units, this.perSecond);
    for (;;) {
      const now = this.clock.now();
      while (this.sent.length > 0 && (this.sent[0]?.at ?? 0) <= now - 1_000) this.sent.shift();
      const used = this.sent.reduce((sum, entry) => sum + entry.units, 0);
      if (used + wanted <= this.perSecond) {
        this.sent.push({ at: now, units });
        return;
      }
      await this.clock.sleep((this.sent[0]?.at ?? now) + 1_000 - now);
    }
  }
}
