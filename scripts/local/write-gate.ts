/**
 * The order of writes in the local DynamoDB front (dynamo-transactions.ts). A transaction is applied one
 * operation at a time and put back on failure, so it runs alone: no other write may land between its reads and
 * its writes. Single writes need less: each reads its item's image before and after (the item size limit, the
 * consumed capacity), so two writes of one item run in turn, while writes of different items run side by side
 * (dynalite locks each item for the write itself). A transaction waiting keeps new single writes back, so a
 * steady stream of them never starves it.
 */
export class WriteGate {
  private running = 0;
  private exclusiveWaiting = 0;
  private exclusiveRunning = false;
  private exclusiveTail: Promise<unknown> = Promise.resolve();
  private readonly itemTails = new Map<string, Promise<unknown>>();
  private drainedWaiters: (() => void)[] = [];
  private openWaiters: (() => void)[] = [];

  /** A write that runs alone: after the writes under way, before any that arrive meanwhile. */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    this.exclusiveWaiting++;
    const run = this.exclusiveTail.then(async () => {
      await this.drained();
      this.exclusiveWaiting--;
      this.exclusiveRunning = true;
      try {
        return await work();
      } finally {
        this.exclusiveRunning = false;
        if (this.exclusiveWaiting === 0) this.wake('open');
      }
    });
    this.exclusiveTail = run.catch(() => undefined);
    return run;
  }

  /** A write of these items (keys naming table and item): beside other items' writes, after its items' own. */
  async shared<T>(items: readonly string[], work: () => Promise<T>): Promise<T> {
    while (this.exclusiveRunning || this.exclusiveWaiting > 0) await this.opened();
    this.running++;
    const previous = items.map((item) => this.itemTails.get(item));
    const run = Promise.all(previous).then(work);
    const settled = run.catch(() => undefined);
    for (const item of items) this.itemTails.set(item, settled);
    try {
      return await run;
    } finally {
      for (const item of items) if (this.itemTails.get(item) === settled) this.itemTails.delete(item);
      this.running--;
      if (this.running === 0) this.wake('drained');
    }
  }

  private drained(): Promise<void> {
    return this.running === 0 ? Promise.resolve() : new Promise((resolve) => this.drainedWaiters.push(resolve));
  }

  private opened(): Promise<void> {
    return new Promise((resolve) => this.openWaiters.push(resolve));
  }

  private wake(which: 'drained' | 'open') {
    const waiters = which === 'drained' ? this.drainedWaiters : this.openWaiters;
    if (which === 'drained') this.drainedWaiters = [];
    else this.openWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
