import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Result } from 'autocannon';
import { dynamo, tableName } from '../../functions/lib/data/client';
import { counterKey, typePartition } from '../../functions/lib/data/keys';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { repairSearchIndex } from '../../functions/lib/search/gram-repair';
import { CONNECTIONS, DURATION_S, type Json, type Owned, READER_USERS, type Statuses, WRITERS } from './load-traffic';
import { markdownTable } from './markdown-table';
import { partitionCounts } from './partition';

/**
 * What the load bench (load.bench.ts) measures after the run, and its markdown section for
 * docs/performance.md: the data must be consistent (every owned asset carries its last accepted save and a
 * version that counts them, the asset counter equals the asset items, the search index needs no repair).
 */
type Api = (method: string, path: string) => Promise<{ status: number; body: Json }>;

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number);
};

export async function consistency(get: Api, owned: Owned[]) {
  const lost: number[] = [];
  for (const asset of owned) {
    const { body } = await get('GET', `/api/assets/${asset.id}`);
    const saved = asset.version + asset.accepted;
    const asAccepted = body.version === saved && (!asset.lastSaved || body.name === asset.lastSaved);
    const inFlightApplied = asset.pending !== undefined && body.version === saved + 1 && body.name === asset.pending;
    if (!asAccepted && !inFlightApplied) lost.push(asset.id);
  }
  const ctx = systemTenantContext(1);
  const { count: items } = await partitionCounts(typePartition(ctx, 'ASSET'));
  const counter = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: counterKey(ctx, 'ASSET'), ConsistentRead: true }),
  );
  const counted = Number(counter.Item?.itemCount ?? -1);
  // Missing ids are what a search would not find; extra ones (a failed oversize save) it verifies away.
  const repair = await repairSearchIndex(ctx, 'ASSET');
  return { lost, items, counted, catalogueFixes: repair.added };
}

function row(label: string, result: Result, statuses: Statuses, latencies: number[], errors: number) {
  const ms = (q: number) => quantile(latencies, q).toFixed(0);
  const codes = [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([code, n]) => `${code}: ${n}`)
    .join(', ');
  const { connections, requests } = result;
  return [label, connections, requests.total, requests.average.toFixed(0), ms(0.5), ms(0.95), ms(0.99), errors, codes];
}

const failures = (statuses: Statuses, result: Result) =>
  [...statuses].filter(([code]) => code >= 400).reduce((sum, [, n]) => sum + n, 0) + result.errors + result.timeouts;

export function section(
  reads: Result,
  writes: Result,
  statuses: {
    readStatuses: Statuses;
    writeStatuses: Statuses;
    expected409: Statuses;
    readLatencies: number[];
    writeLatencies: number[];
  },
  check: Awaited<ReturnType<typeof consistency>>,
  shared: Owned,
): string {
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const total = reads.requests.total + writes.requests.total;
  const seconds = Math.max(reads.duration, writes.duration);
  return [
    '## Load on the local gateway (`npm run bench`, BENCH_SECTIONS=load)',
    '',
    `Run ${when} UTC, autocannon, ${CONNECTIONS} connections for ${DURATION_S} s against the local gateway ` +
      `(one Node.js process with every handler, dynalite behind it), demo tenant. Readers: list pages 1-5, ` +
      `gets, searches and the device list as ${READER_USERS.join(', ')}, and the client user's own list. Writers: ${WRITERS} connections each ` +
      `reading then saving its own asset with the version it read, and 2 sharing one asset. ${total} requests, ` +
      `${(total / seconds).toFixed(0)} requests/s in all. Latency in ms, measured around each request.`,
    '',
    ...markdownTable(
      [
        { heading: 'clients' },
        { heading: 'connections', align: 'right' },
        { heading: 'requests', align: 'right' },
        { heading: 'req/s', align: 'right' },
        { heading: 'p50', align: 'right' },
        { heading: 'p95', align: 'right' },
        { heading: 'p99', align: 'right' },
        { heading: 'errors', align: 'right' },
        { heading: 'statuses' },
      ],
      [
        row('readers', reads, statuses.readStatuses, statuses.readLatencies, failures(statuses.readStatuses, reads)),
        row(
          'writers (own asset)',
          writes,
          statuses.writeStatuses,
          statuses.writeLatencies,
          failures(statuses.writeStatuses, writes),
        ),
      ],
    ),
    '',
    `The 2 writers sharing asset ${shared.id}: ${statuses.expected409.get(409) ?? 0} saves refused with 409 (a ` +
      'stale version, as designed). Consistency afterwards:',
    '',
    `- saves lost (owned asset whose version or name is not its last accepted save): ${check.lost.length}`,
    `- asset counter ${check.counted}, asset items ${check.items}: ${check.counted === check.items ? 'equal' : 'DIFFERENT'}`,
    `- search index ids the repair had to add: ${check.catalogueFixes}`,
  ].join('\n');
}
