/**
 * Each tenant's share of the processor's codec time (docs/decisions/0308). Decoding is synchronous and a batch
 * mixes tenants, so every millisecond a codec runs is a millisecond every other uplink of the batch waits. A
 * tenant's codec time (its runs and its compiles) is counted per batch and per minute in the container; a tenant
 * past either share has its codec uplinks sent to the codec lane (functions/lib/pipeline/queue/codec-lane.ts)
 * instead of run, so the rest of the batch goes on. The batch as a whole stops running codecs long before the
 * processor's timeout.
 */
export const CODEC_BUDGET = {
  /** A run that succeeds but takes this long counts a strike, as an interrupted one does (codec-cache.ts). */
  slowRunMs: 25,
  /** A tenant's codec time in one batch: twice a run's deadline, hundreds of ordinary decodes (0.1 ms each). */
  tenantBatchMs: 100,
  /** A tenant's codec time in one container and minute: 5 % of the container's time. */
  tenantMinuteMs: 3_000,
  /** All tenants' codec time in one batch: far from the processor's 30 s, whatever one overrun adds. */
  batchMs: 2_000,
} as const;

export type CodecBudget = { [K in keyof typeof CODEC_BUDGET]: number };

const MINUTE_MS = 60_000;
/** Tenants remembered per container; the least recently charged is forgotten first. */
const MAX_TENANTS = 1_000;

/** Codec time per tenant in the current minute, for the life of the container. */
export class MinuteAccount {
  private readonly spent = new Map<string, { minute: number; ms: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  spentBy(tenantId: string): number {
    const entry = this.spent.get(tenantId);
    return entry && entry.minute === this.minute() ? entry.ms : 0;
  }

  charge(tenantId: string, ms: number): void {
    const spent = this.spentBy(tenantId) + ms;
    this.spent.delete(tenantId);
    this.spent.set(tenantId, { minute: this.minute(), ms: spent });
    if (this.spent.size > MAX_TENANTS) this.spent.delete(this.spent.keys().next().value as string);
  }

  private minute() {
    return Math.floor(this.now() / MINUTE_MS);
  }
}

/** The container's account: the processor's batches, main queue and lane alike, charge it. */
export const containerMinutes = new MinuteAccount();

/**
 * One batch's codec time. `allows` is asked before a codec would run (or compile): false when the batch or the
 * tenant has used its share, and the uplink goes to the lane. In the lane itself the minute share is not asked
 * (a tenant there is over it by definition; the lane's own small concurrency is its share), the batch shares are.
 */
export class BatchCodecTime {
  private total = 0;
  private readonly byTenant = new Map<string, number>();

  constructor(
    private readonly options: { lane: boolean; minutes?: MinuteAccount; budget?: CodecBudget } = { lane: false },
  ) {}

  /** A batch of the codec lane (queue/codec-lane.ts). */
  get lane(): boolean {
    return this.options.lane;
  }

  private get budget(): CodecBudget {
    return this.options.budget ?? CODEC_BUDGET;
  }

  private get minutes(): MinuteAccount {
    return this.options.minutes ?? containerMinutes;
  }

  allows(tenantId: string): boolean {
    if (this.total >= this.budget.batchMs) return false;
    if ((this.byTenant.get(tenantId) ?? 0) >= this.budget.tenantBatchMs) return false;
    return this.options.lane || this.minutes.spentBy(tenantId) < this.budget.tenantMinuteMs;
  }

  charge(tenantId: string, ms: number): void {
    if (!(ms > 0)) return;
    this.total += ms;
    this.byTenant.set(tenantId, (this.byTenant.get(tenantId) ?? 0) + ms);
    this.minutes.charge(tenantId, ms);
  }
}
