import { markdownTable } from '../../scripts/bench/markdown-table';

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
