import { randomUUID } from 'node:crypto';
import { createOrFindJob, getJob, requestHashOf } from '../../functions/lib/bulk-edit/bulk-edit-store';
import { dynamo } from '../../functions/lib/data/client';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { handler as bulkEditWorker } from '../../functions/workers/bulk-edit-worker';
import { flattenClaims } from '../local/gateway';
import type { ApiSession } from './asset-list.bench';
import { type CapacityTally, tallyConsumedCapacity, writeRequests } from './consumed-capacity';
import { markdownTable } from './markdown-table';
import { ensureBenchTenant } from './seed-assets';

/**
 * Bulk edit throughput (docs/decisions/0331-bulk-edit-runs-as-a-job-one-conditional-write-per-row.md): a job of
 * 1,000 and one of 5,000 asset rows (the selection's bound) setting the scheduled date, in a tenant of its own.
 * The job is written as the route writes it and the worker's own handler runs it in this process (as the local
 * Lambda service would), with the super admin's claims acting in the tenant, so DynamoDB's ConsumedCapacity
 * (consumed-capacity.ts) counts every request of the run. Each run sets a date of its own, so every row is a
 * real edit. BENCH_BULK_EDIT_ROWS=200,1000 runs other sizes.
 */
const SIZES = (process.env.BENCH_BULK_EDIT_ROWS ?? '1000,5000').split(',').map(Number);
const TENANT = { subdomain: 'bench-bulk-edit', assetCount: Math.max(...SIZES), customerCount: 5 };

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
/** A date no earlier run set: the minutes since the epoch pick a day within two years ahead. */
const freshDay = (offset: number) =>
  new Date(Date.now() + (60 + ((Math.floor(Date.now() / 60_000) + offset) % 600)) * 86_400_000)
    .toISOString()
    .slice(0, 10);

const READS = ['GetItemCommand', 'BatchGetItemCommand', 'QueryCommand', 'TransactGetItemsCommand'];
const readRequests = (tally: CapacityTally) => READS.reduce((n, command) => n + (tally.requests[command] ?? 0), 0);

interface Measured {
  rows: number;
  seconds: number;
  done: number;
  refused: number;
  tally: CapacityTally;
}

async function runJob(session: ApiSession, tenantId: number, size: number, day: string): Promise<Measured> {
  const ctx = systemTenantContext(tenantId);
  const claims = flattenClaims(claimsOf(session.token));
  const ids = Array.from({ length: size }, (_, i) => i + 1);
  const changes = { scheduled: day };
  const { job } = await createOrFindJob(ctx, {
    target: 'assets',
    ownerSub: String(claims.sub),
    key: randomUUID(),
    requestHash: requestHashOf({ ids, changes }),
    ids,
    changes,
    audit: {
      actor: { kind: 'user', id: String(claims.sub), name: 'superadmin' },
      ip: '127.0.0.1',
      userAgent: 'bench',
      path: '/api/assets/bulk-edit',
    },
  });
  const counting = tallyConsumedCapacity(dynamo(), 'benchBulkEdit');
  const started = performance.now();
  try {
    await bulkEditWorker({ jobId: job.id, tenantId: String(tenantId), claims });
  } finally {
    counting.stop();
  }
  const seconds = (performance.now() - started) / 1000;
  const finished = await getJob(ctx, job.id);
  if (finished?.status !== 'done') throw new Error(`bulk edit bench job ended ${finished?.status}`);
  return { rows: size, seconds, done: finished.done, refused: finished.refused, tally: counting.tally };
}

export async function benchBulkEdit(session: ApiSession, log: (line: string) => void): Promise<string> {
  const tenant = await ensureBenchTenant(TENANT, log);
  const measured: Measured[] = [];
  for (const [index, size] of SIZES.entries()) {
    log(`  bulk edit: ${size} rows`);
    measured.push(await runJob(session, tenant.tenantId, size, freshDay(index)));
  }
  const base = measured[0] as Measured;
  const rate = (m: Measured) => m.rows / m.seconds;
  const perRow = (value: number, m: Measured) => (value / m.rows).toFixed(1);
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  return [
    '## Bulk edit (`npm run bench`, BENCH_SECTIONS=bulk-edit)',
    '',
    `Run ${when} UTC, asset rows of tenant ${tenant.subdomain} (${TENANT.assetCount.toLocaleString('en')} seeded ` +
      'assets) given a new scheduled date, one job a size: the job written as the route writes it, the worker ' +
      "handler run in-process with the super admin's claims (four rows in flight, results and counts a chunk of " +
      "100 at a time). Requests and units are DynamoDB's ConsumedCapacity of the whole run (each row's read, its " +
      "transaction, its audit entry, the job's claim and chunks); the ratio is the size's rows/s over the first's.",
    '',
    ...markdownTable(
      [
        { heading: 'rows', align: 'right' },
        { heading: 's', align: 'right' },
        { heading: 'rows/s', align: 'right' },
        { heading: 'rows/s vs first', align: 'right' },
        { heading: 'applied', align: 'right' },
        { heading: 'refused', align: 'right' },
        { heading: 'read requests', align: 'right' },
        { heading: 'write requests', align: 'right' },
        { heading: 'read units / row', align: 'right' },
        { heading: 'write units / row', align: 'right' },
      ],
      measured.map((m) => [
        m.rows.toLocaleString('en'),
        m.seconds.toFixed(1),
        rate(m).toFixed(0),
        (rate(m) / rate(base)).toFixed(2),
        m.done,
        m.refused,
        readRequests(m.tally).toLocaleString('en'),
        writeRequests(m.tally).toLocaleString('en'),
        perRow(m.tally.readUnits, m),
        perRow(m.tally.writeUnits, m),
      ]),
    ),
  ].join('\n');
}
