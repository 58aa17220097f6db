import os from 'node:os';
import type { Row } from './export.bench';
import { type Cell, markdownTable } from './markdown-table';

/** The markdown section of export.bench.ts for docs/performance.md, from the rows it measured. */
const MB = 1024 * 1024;
const mb = (bytes: number) => (bytes / MB).toFixed(1);

function table(rows: Row[]): string {
  const cells = rows.map((row): Cell[] => {
    const r = row.report;
    if (!r) return [`${row.assets / 1000}k`, row.type, '–', `${row.skipped}`, '–', '–', '–', '–', '–'];
    const raw = rows.find((other) => other.assets === row.assets && other.type === 'raw')?.report;
    const ratio = raw && row.type !== 'raw' ? `${(r.seconds / raw.seconds).toFixed(2)}×` : '–';
    const file = row.type === 'raw' ? '–' : mb(r.answer.size);
    return [
      `${row.assets / 1000}k`,
      row.type,
      row.rows ?? row.assets,
      r.seconds.toFixed(1),
      ratio,
      mb(r.peakRss),
      mb(r.rssRise),
      mb(r.heapRise),
      file,
    ];
  });
  return markdownTable(
    [
      { heading: 'assets', align: 'right' },
      { heading: 'format' },
      { heading: 'rows', align: 'right' },
      { heading: 'time (s)', align: 'right' },
      { heading: '× raw', align: 'right' },
      { heading: 'peak RSS (MB)', align: 'right' },
      { heading: 'RSS rise (MB)', align: 'right' },
      { heading: 'heap rise (MB)', align: 'right' },
      { heading: 'file (MB)', align: 'right' },
    ],
    cells,
  ).join('\n');
}

export function section(rows: Row[], seconds: number): string {
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  return [
    '## Exports (`scripts/bench/export.bench.ts`)',
    '',
    `Run ${when} UTC, ${os.cpus().length} cores (shared), Node.js ${process.version}, ${seconds.toFixed(0)} s in ` +
      'all. Each export is one invocation of the export worker (functions/workers/export-worker.ts) in a process ' +
      'of its own (unfiltered list, default ' +
      'order, all 14 columns, English) against the local DynamoDB (dynalite) and S3 (s3rver): rows are read 512 ' +
      'a page and streamed through the writer into a multipart upload. Peak RSS is the process high-water mark ' +
      '(handler modules loaded: the baseline is included); the rises are over the process just before the call. ' +
      'CSV rows are counted in the downloaded file. "raw" reads the same list with the export\'s own Queries ' +
      'and pages (items parsed, nothing formatted or written), in a child of its own; × raw is the time over it.' +
      (process.env.BENCH_EXPORT_HEAP_MB
        ? ` Each export ran with V8's old space capped at ${process.env.BENCH_EXPORT_HEAP_MB} MB (--max-old-space-size).`
        : ''),
    '',
    table(rows),
  ].join('\n');
}
