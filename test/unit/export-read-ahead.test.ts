import { readAhead } from '../../functions/lib/exports/write-export';

/** write-export.ts readAhead: the next page is requested while the current one is written, order kept. */
describe('export read-ahead', () => {
  it('asks for the next batch before the writer is done with the current one, and keeps the order', async () => {
    const events: string[] = [];
    async function* pages() {
      for (const page of [[3, 4], [5], [6, 7]]) {
        events.push(`read ${page.join(',')}`);
        yield page;
      }
    }
    const rest = pages();
    const progress: number[] = [];
    const written: number[][] = [];
    for await (const rows of readAhead(
      [1, 2],
      rest,
      (n) => [n],
      (count) => void progress.push(count),
    )) {
      written.push(rows.map((row) => Number(row[0])));
      events.push(`write ${written.at(-1)?.join(',')}`);
    }
    expect(written).toEqual([[1, 2], [3, 4], [5], [6, 7]]);
    expect(progress).toEqual([2, 4, 5, 7]);
    // Each read starts before the previous batch is written.
    expect(events.indexOf('read 3,4')).toBeLessThan(events.indexOf('write 1,2'));
    expect(events.indexOf('read 5')).toBeLessThan(events.indexOf('write 3,4'));
  });

  it('does not leave a failed read unhandled when the writer stops early', async () => {
    async function* failing(): AsyncGenerator<number[]> {
      yield [2];
      throw new Error('read failed');
    }
    const iterator = readAhead([1], failing(), (n) => [n]);
    await iterator.next();
    await iterator.return(undefined);
  });
});
