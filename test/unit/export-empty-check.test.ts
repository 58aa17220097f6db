import { hasAnyItem } from '../../functions/lib/exports/run-export';

/** The quick emptiness check before a background export starts (functions/lib/exports/run-export.ts). */
function batchesOf(batches: number[][], delayMs = 0) {
  const state = { returned: false, read: 0 };
  const iterable: AsyncIterable<number[]> = {
    [Symbol.asyncIterator]: () => ({
      next: async () => {
        if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
        const value = batches[state.read++];
        return value === undefined ? { done: true, value: undefined } : { done: false, value };
      },
      return: async () => {
        state.returned = true;
        return { done: true, value: undefined };
      },
    }),
  };
  return { iterable, state };
}

describe('hasAnyItem', () => {
  it('is true at the first non-empty batch, reading no further', async () => {
    const { iterable, state } = batchesOf([[], [], [7], [8]]);
    expect(await hasAnyItem(iterable, 1000)).toBe(true);
    expect(state).toEqual({ returned: true, read: 3 });
  });

  it('is false when every batch is empty', async () => {
    const { iterable, state } = batchesOf([[], []]);
    expect(await hasAnyItem(iterable, 1000)).toBe(false);
    expect(state.returned).toBe(true);
  });

  it('gives up as unknown after its time, and stops the read', async () => {
    const { iterable, state } = batchesOf(
      Array.from({ length: 100 }, () => []),
      5,
    );
    expect(await hasAnyItem(iterable, 20)).toBe('unknown');
    expect(state.read).toBeLessThan(100);
    expect(state.returned).toBe(true);
  });
});
