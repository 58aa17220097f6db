import type { LiveChange } from '../../../shared/schemas/live';

/** Changes of the same thing replace each other: an asset's update and its removal share one key. */
export const changeKey = (change: LiveChange): string =>
  change.t === 'asset' || change.t === 'removed' ? `a${change.id}` : `${change.t}:${change.id}`;

interface ChannelState {
  pending: Map<string, LiveChange>;
  lastSentAt: number;
  scheduled?: Promise<void>;
}

export interface CoalescerOptions {
  /** At most one message a channel this often (per process: a Lambda container, or the local stack). */
  minIntervalMs: number;
  send(channel: string, changes: LiveChange[]): Promise<void>;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Collects changes per channel and sends them as one message a channel (docs/decisions/0258-live-push-with-appsync-events-channels-lambda-authorizer-iam-publish.md):
 * later changes of the same id replace earlier ones, and a channel gets at most one message per `minIntervalMs`.
 * Nothing is sent by a timer after the caller returns (a Lambda container freezes then): `flush()` is awaited at
 * the end of each invocation (the live effect's send, publisher.ts) and sends everything added so far; when the channel was sent less than the
 * interval ago it waits out the rest first, taking in what concurrent batches of the process add meanwhile.
 * `send` must not throw (the publisher logs and counts its failures); a rejection is swallowed here all the same.
 */
export class Coalescer {
  private readonly channels = new Map<string, ChannelState>();
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: CoalescerOptions) {
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  add(channel: string, changes: LiveChange[]): void {
    if (changes.length === 0) return;
    let state = this.channels.get(channel);
    if (!state) {
      state = { pending: new Map(), lastSentAt: Number.NEGATIVE_INFINITY };
      this.channels.set(channel, state);
    }
    for (const change of changes) {
      const key = changeKey(change);
      // Re-inserted so the message lists changes in the order they last happened.
      state.pending.delete(key);
      state.pending.set(key, change);
    }
  }

  /**
   * Sends the pending changes of `only` (every channel without it); resolves when they are sent (or failed). An
   * invocation names its own channels, so it never waits for channels only other work of the process queued.
   */
  async flush(only?: ReadonlySet<string>): Promise<void> {
    const due: Promise<void>[] = [];
    for (const [channel, state] of this.channels) {
      if (state.pending.size > 0 && (!only || only.has(channel))) due.push(this.schedule(channel, state));
      else if (
        state.pending.size === 0 &&
        !state.scheduled &&
        this.now() - state.lastSentAt > this.options.minIntervalMs
      )
        this.channels.delete(channel); // idle: forget it, so a long-lived process keeps no state per channel
    }
    await Promise.all(due);
  }

  private schedule(channel: string, state: ChannelState): Promise<void> {
    if (state.scheduled) return state.scheduled;
    const wait = Math.max(0, state.lastSentAt + this.options.minIntervalMs - this.now());
    state.scheduled = (async () => {
      // Always yields first, so `state.scheduled` is set before it is cleared below.
      await (wait > 0 ? this.sleep(wait) : Promise.resolve());
      const changes = [...state.pending.values()];
      state.pending.clear();
      state.lastSentAt = this.now();
      // Changes added from here on go into the next message (a later flush schedules it).
      state.scheduled = undefined;
      if (changes.length > 0) await this.options.send(channel, changes).catch(() => undefined);
    })();
    return state.scheduled;
  }
}
