import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The side effects of one invocation (docs/decisions/0304-one-effects-context-per-invocation-flushed-by-one-wrapper.md):
 * what its writes tell others once they succeeded (domain events on the bus, webhook events, live changes,
 * metrics). Writers queue them into the invocation's context; the one wrapper every Lambda goes through
 * (with-effects.ts) flushes them when the invocation ends, every kind, in FLUSH_ORDER. The context lives in the
 * invocation's async context, so concurrent invocations of one process (the local stack) never mix, and code
 * that queues outside any invocation throws: a forgotten wrapper fails its tests instead of dropping effects.
 *
 * This module knows no kind: each kind is declared beside its writers (publisher.ts, webhook-events.ts, ...) and
 * travels with what is queued, so a Lambda reaches a kind's flush (and needs its grant, infra/handler-grants.ts)
 * only when its code queues that kind.
 */

/** The kinds, in the order a flush sends them: metrics last, so they count what the others failed to send. */
export const FLUSH_ORDER = ['domainEvents', 'webhookEvents', 'live', 'metrics'] as const;
export type EffectName = (typeof FLUSH_ORDER)[number];

/** One kind of effect: how queued items are kept (coalesced, counted) and how they leave. */
export interface EffectKind<Item, State> {
  readonly name: EffectName;
  start(): State;
  add(state: State, item: Item): void;
  /** Sends what was kept. May throw: the flush logs and counts it, and the invocation's result stands. */
  send(state: State): Promise<void>;
}

/** Told of a kind whose send threw (logged and counted by the wrapper). */
export type FlushFailed = (name: EffectName, error: unknown) => void;

interface Held {
  // biome-ignore lint/suspicious/noExplicitAny: each kind is paired with its own state when it is added.
  kind: EffectKind<any, any>;
  state: unknown;
}

export class EffectsContext {
  private readonly held = new Map<EffectName, Held>();

  constructor(private readonly failed: FlushFailed) {}

  queue<Item, State>(kind: EffectKind<Item, State>, item: Item): void {
    let held = this.held.get(kind.name);
    if (!held) {
      held = { kind, state: kind.start() };
      this.held.set(kind.name, held);
    }
    held.kind.add(held.state, item);
  }

  /** The kinds that hold something (the unit tests). */
  pending(): EffectName[] {
    return FLUSH_ORDER.filter((name) => this.held.has(name));
  }

  /**
   * Sends every kind in FLUSH_ORDER and forgets it; never throws. A kind queued while an earlier one is sent (a
   * failure's count) is sent in the same flush, when its turn comes.
   */
  async flush(): Promise<void> {
    for (const name of FLUSH_ORDER) {
      const held = this.held.get(name);
      if (!held) continue;
      this.held.delete(name);
      try {
        await held.kind.send(held.state);
      } catch (error) {
        try {
          this.failed(name, error);
        } catch {
          // Reporting a failure must not fail the invocation either.
        }
      }
    }
  }
}

/** Thrown when an effect is queued outside any invocation: a handler that is not wrapped, a test that forgot to. */
export class EffectOutsideInvocation extends Error {
  constructor(what: string) {
    super(`${what} outside an invocation: run it inside withEffects (functions/lib/effects)`);
    this.name = 'EffectOutsideInvocation';
  }
}

const invocation = new AsyncLocalStorage<EffectsContext>();

/** Queues an item of a kind into the running invocation's context; throws outside one. */
export function queueEffect<Item, State>(kind: EffectKind<Item, State>, item: Item): void {
  const context = invocation.getStore();
  if (!context) throw new EffectOutsideInvocation(`A ${kind.name} effect queued`);
  context.queue(kind, item);
}

/**
 * Sends what the invocation queued so far, before it ends: a long job's checkpoint (one tenant done), so a run
 * that later times out has not held back what it finished. The wrapper sends the rest. Throws outside one.
 */
export async function flushQueuedEffects(): Promise<void> {
  const context = invocation.getStore();
  if (!context) throw new EffectOutsideInvocation('Effects flushed');
  await context.flush();
}

/** Runs `work` with a fresh context of its own (nested runs do not share one). */
export const runInContext = <T>(context: EffectsContext, work: () => Promise<T>): Promise<T> =>
  invocation.run(context, work);
