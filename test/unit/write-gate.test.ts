import { WriteGate } from '../../scripts/local/write-gate';

/** A write that starts when the gate lets it and ends when the test says so; the log keeps the order. */
function write(log: string[], name: string) {
  let finish: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    work: async () => {
      log.push(`${name} starts`);
      await ended;
      log.push(`${name} ends`);
      return name;
    },
    finish: () => finish(),
  };
}

/** Lets every promise that can settle settle. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the write gate of the local DynamoDB front (scripts/local/write-gate.ts)', () => {
  it('runs writes of different items side by side, and the writes of one item in turn', async () => {
    const gate = new WriteGate();
    const log: string[] = [];
    const [a, b, a2] = [write(log, 'a'), write(log, 'b'), write(log, 'a again')];
    const running = [gate.shared(['A'], a.work), gate.shared(['B'], b.work), gate.shared(['A'], a2.work)];
    await settle();
    expect(log).toEqual(['a starts', 'b starts']);
    a.finish();
    await settle();
    expect(log).toEqual(['a starts', 'b starts', 'a ends', 'a again starts']);
    b.finish();
    a2.finish();
    expect(await Promise.all(running)).toEqual(['a', 'b', 'a again']);
  });

  it('runs a transaction alone: after the writes under way, before those that arrive while it waits', async () => {
    const gate = new WriteGate();
    const log: string[] = [];
    const [before, transaction, after] = [write(log, 'before'), write(log, 'transaction'), write(log, 'after')];
    const running = [gate.shared(['A'], before.work), gate.exclusive(transaction.work)];
    await settle();
    running.push(gate.shared(['B'], after.work));
    await settle();
    expect(log).toEqual(['before starts']);
    before.finish();
    await settle();
    expect(log).toEqual(['before starts', 'before ends', 'transaction starts']);
    transaction.finish();
    await settle();
    expect(log.slice(-2)).toEqual(['transaction ends', 'after starts']);
    after.finish();
    await Promise.all(running);
  });

  it('runs transactions one after another, and a failed one lets the next run', async () => {
    const gate = new WriteGate();
    const log: string[] = [];
    const failing = gate.exclusive(async () => {
      log.push('first');
      throw new Error('refused');
    });
    const second = gate.exclusive(async () => {
      log.push('second');
      return 'done';
    });
    await expect(failing).rejects.toThrow('refused');
    expect(await second).toBe('done');
    expect(await gate.shared([], async () => 'single')).toBe('single');
    expect(log).toEqual(['first', 'second']);
  });
});
