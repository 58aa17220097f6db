import { readTable } from '../../scripts/bench/asset-map-read.bench';
import type { Row } from '../../scripts/bench/export.bench';
import { section } from '../../scripts/bench/export-section';
import { markdownTable } from '../../scripts/bench/markdown-table';
import type { BenchTenant } from '../../scripts/bench/seed-assets';

describe('markdownTable', () => {
  it('writes the header, the alignment row and the rows without padding', () => {
    expect(
      markdownTable(
        [{ heading: 'request' }, { heading: 'n', align: 'right' }, { heading: 'exact', align: 'center' }],
        [
          ['default', 15, 'yes'],
          ['reference asc', 1.5, 'lower bound'],
        ],
      ),
    ).toEqual([
      '| request | n | exact |',
      '| --- | ---: | :---: |',
      '| default | 15 | yes |',
      '| reference asc | 1.5 | lower bound |',
    ]);
  });

  it('escapes a | in a cell or a heading so the row keeps its columns', () => {
    expect(markdownTable([{ heading: 'a|b' }], [['`x | y`'], ['not measured: a|b']])).toEqual([
      '| a\\|b |',
      '| --- |',
      '| `x \\| y` |',
      '| not measured: a\\|b |',
    ]);
  });

  it('writes numbers as text as a template string would, and an empty cell as one space', () => {
    expect(
      markdownTable(
        [{ heading: 'x', align: 'right' }, { heading: 'y' }],
        [
          [0, ''],
          [-2.25, '**3.5**'],
        ],
      ),
    ).toEqual(['| x | y |', '| ---: | --- |', '| 0 | |', '| -2.25 | **3.5** |']);
  });

  it('answers the header and the alignment row for no rows', () => {
    expect(markdownTable([{ heading: 'a' }, { heading: 'b', align: 'left' }], [])).toEqual([
      '| a | b |',
      '| --- | --- |',
    ]);
  });

  it('refuses a row with a cell too many or too few', () => {
    expect(() => markdownTable([{ heading: 'a' }, { heading: 'b' }], [['1']])).toThrow(
      'row 1 has 1 cells for 2 columns',
    );
    expect(() => markdownTable([{ heading: 'a' }], [['1'], ['1', '2']])).toThrow('row 2 has 2 cells');
  });
});

/** Biome rewrites the written tables' dashes (and pads them): the hand-built ones differed only there. */
const sameDashes = (lines: string[]) => lines.map((line) => line.replace(/-{3,}/g, '---'));

describe('bench tables written by markdownTable', () => {
  it('the map read table is the text it was by hand', () => {
    const tenant = { subdomain: 'bench-100k' } as BenchTenant;
    const figures = { tenant, markers: 100_000, itemsRead: 100_412 };
    expect(
      readTable([
        { ...figures, segments: 1, medianMs: 1234.4 },
        { ...figures, segments: 8, medianMs: 456.6 },
      ]),
    ).toEqual([
      '| Tenant | Queries at once | Markers | Items read | Read (median) |',
      '| --- | ---: | ---: | ---: | ---: |',
      '| bench-100k | 1 (one chain) | 100,000 | 100,412 | 1,234 ms |',
      '| bench-100k | 8 (customer ranges) | 100,000 | 100,412 | 457 ms |',
    ]);
  });

  it('the export table is the text it was by hand', () => {
    const MB = 1024 * 1024;
    const report = (seconds: number, size: number) =>
      ({ seconds, peakRss: 100 * MB, rssRise: 10 * MB, heapRise: 5 * MB, answer: { size } }) as Row['report'];
    const rows: Row[] = [
      { assets: 10_000, type: 'raw', report: report(2, 0) },
      { assets: 10_000, type: 'csv', rows: 10_000, report: report(3, 2 * MB) },
      { assets: 100_000, type: 'pdf', skipped: 'skipped (~1200 s predicted)' },
    ];
    const table = section(rows, 60).split('\n').slice(-5);
    expect(table).toEqual(
      sameDashes([
        '| assets | format | rows | time (s) | × raw | peak RSS (MB) | RSS rise (MB) | heap rise (MB) | file (MB) |',
        '| -----: | ------ | ---: | -------: | ----: | ------------: | ------------: | -------------: | --------: |',
        '| 10k | raw | 10000 | 2.0 | – | 100.0 | 10.0 | 5.0 | – |',
        '| 10k | csv | 10000 | 3.0 | 1.50× | 100.0 | 10.0 | 5.0 | 2.0 |',
        '| 100k | pdf | – | skipped (~1200 s predicted) | – | – | – | – | – |',
      ]),
    );
  });
});
