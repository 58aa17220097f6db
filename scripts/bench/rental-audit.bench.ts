import os from 'node:os';
import { addDays, startOfAmsterdamDay } from '../../functions/lib/loan-days/amsterdam-day';
import { auditRentalContracts, type RentalAuditReport } from '../../functions/lib/rental-audit/audit-job';
import { lineItem } from '../../functions/lib/rental-contracts/rental-contract-items';
import { batchPut } from '../seed/batch-write';
import { markdownTable } from './markdown-table';
import { AUDIT_DAY, type AuditBenchTenant, benchLine, ensureAuditBenchTenant } from './rental-audit-seed';

/**
 * The nightly rental audit (functions/lib/rental-audit/audit-job.ts) at scale, called in this process for one
 * tenant per size (rental-audit-seed.ts): the first night (every line new), the same night again (nothing to
 * write), and the next night after 5 % of the lines changed. Items read and written come from the job's own
 * report, so they do not depend on the machine; wall times do (a shared, loaded machine), hence the ratios
 * against the first night of the same size. BENCH_AUDIT_LINES=500,2000 sets the sizes
 * (default 100 and 400: the local stand-in writes ~400 events a second, so 2,000 assets' 768,000 fixes take half an
 * hour to seed).
 */
const SIZES = (process.env.BENCH_AUDIT_LINES ?? '100,400').split(',').map(Number);
const CHANGED_EVERY = 20;

interface Run {
  label: string;
  report: RentalAuditReport;
  ms: number;
}

async function timed(label: string, tenant: AuditBenchTenant, day: string): Promise<Run> {
  const started = performance.now();
  const report = await auditRentalContracts(tenant.ctx, day);
  return { label, report, ms: performance.now() - started };
}

/** Every 20th line gets a new version (its expected return moved a month), saved the morning after D. */
async function changeLines(tenant: AuditBenchTenant) {
  const at = startOfAmsterdamDay(addDays(AUDIT_DAY, 1)).getTime() + 10 * 3_600_000;
  const changed = Array.from({ length: tenant.lines }, (_, i) => i + 1).filter((asset) => asset % CHANGED_EVERY === 0);
  await batchPut(
    changed.map((asset) => lineItem(tenant.ctx, benchLine(asset, 2, new Date(at + asset).toISOString()))),
    8,
  );
  return changed.length;
}

async function benchSize(lines: number, log: (line: string) => void) {
  const tenant = await ensureAuditBenchTenant(lines, log);
  const runs: Run[] = [];
  runs.push(await timed('first night (D): every line new', tenant, AUDIT_DAY));
  runs.push(await timed('D again', tenant, AUDIT_DAY));
  const changed = await changeLines(tenant);
  runs.push(await timed(`next night (D+1), 5 % of the lines (${changed}) changed`, tenant, addDays(AUDIT_DAY, 1)));
  for (const run of runs) {
    const { itemsRead, written, deleted } = run.report;
    log(
      `  rental audit ${lines}: ${run.label}: read ${itemsRead}, written ${written + deleted}, ${run.ms.toFixed(0)} ms`,
    );
  }
  return { tenant, runs };
}

const n = (value: number) => value.toLocaleString('en');
const ratio = (value: number, first: number) => (first > 0 ? `${(value / first).toFixed(2)}×` : '-');

function sizeTable(tenant: AuditBenchTenant, runs: Run[]) {
  const [first] = runs as [Run];
  const firstWritten = first.report.written + first.report.deleted;
  return [
    `#### ${n(tenant.lines)} lines (tenant ${tenant.subdomain}, ${n(tenant.fixes)} fixes in the track, ${
      tenant.seededSeconds ? `written in ${tenant.seededSeconds.toFixed(0)} s` : 'written by an earlier run'
    })`,
    '',
    ...markdownTable(
      [
        { heading: 'run' },
        { heading: 'lines changed', align: 'right' },
        { heading: 'days judged', align: 'right' },
        { heading: 'items read', align: 'right' },
        { heading: 'read / first', align: 'right' },
        { heading: 'items written', align: 'right' },
        { heading: 'written / first', align: 'right' },
        { heading: 'wall ms', align: 'right' },
        { heading: 'time / first', align: 'right' },
      ],
      runs.map(({ label, report, ms }) => [
        label,
        n(report.changedLines),
        n(report.days),
        n(report.itemsRead),
        ratio(report.itemsRead, first.report.itemsRead),
        n(report.written + report.deleted),
        ratio(report.written + report.deleted, firstWritten),
        n(Math.round(ms)),
        ratio(ms, first.ms),
      ]),
    ),
    '',
  ];
}

export async function benchRentalAudit(log: (line: string) => void): Promise<string> {
  const started = Date.now();
  const tables: string[] = [];
  for (const lines of SIZES) {
    const { tenant, runs } = await benchSize(lines, log);
    tables.push(...sizeTable(tenant, runs));
  }
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  return [
    '### Measured at scale (`BENCH_SECTIONS=rental-audit BENCH_TENANTS=0 npm run bench`)',
    '',
    `Run ${when} UTC, ${os.cpus().length} cores (shared with other runs), Node.js ${process.version}, ` +
      `${((Date.now() - started) / 1000).toFixed(0)} s in all. scripts/bench/rental-audit.bench.ts: a tenant per ` +
      'size, one open line per asset, on hire from D-2 at its delivery zone, saved days before D; per asset a ' +
      'depot visit that ended the morning of D-2, an open visit to the site from an hour later, and a fix every ' +
      '15 minutes from D-2 to D+1 (96 a day); one depot (a zone with assetCount > 0) and ten sites. ' +
      '`auditRentalContracts(systemTenantContext(tenant), day)` called in this process against the local ' +
      "stand-in; items read and written are the job's own report (ScannedCount, one per Get; Puts and Deletes), " +
      'the ratios are against the first night of the same size (wall times on this machine are noisy).',
    '',
    ...tables,
  ].join('\n');
}
