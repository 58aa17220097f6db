import { dynamo } from '../../functions/lib/data/client';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import type { TenantContext } from '../../functions/lib/data/tenant-context';
import { runReportJob } from '../../functions/lib/report-subscriptions/report-job';
import {
  type ReportSubscriptionRecord,
  subscriptionDuePartition,
  subscriptionRepository,
} from '../../functions/lib/report-subscriptions/subscription-repository';
import { provisionTenant } from '../../functions/lib/tenants/tenant-provisioning';
import { tenantRepository } from '../../functions/lib/tenants/tenant-repository';
import { userRepository } from '../../functions/lib/users/user-repository';
import { ACCESS_PATTERNS } from '../../shared/access-patterns';
import { batchPut } from '../seed/batch-write';
import { type CapacityTally, tallyConsumedCapacity } from './consumed-capacity';
import { markdownTable } from './markdown-table';
import { partitionCounts } from './partition';

/**
 * The report job at 10,000 report subscriptions of one tenant (200 staff users with 50 each, the most a user
 * may have), 1 % due: the job must read the due ones and what their mails need, never the tenant's other
 * subscriptions. Each due subscription is a loan-day statement in CSV of a month without loan days (the file's
 * own cost is the export's, measured in the exports section), mailed to the local SMTP catcher. The job runs
 * twice at the same `now`: the rerun finds nothing due and sends nothing. Read units come from DynamoDB's
 * ConsumedCapacity (scripts/bench/consumed-capacity.ts), items in the due partition from a count of it, so
 * neither depends on the machine; the milliseconds per mail feed the cost in docs/capacity.md.
 */
export const REPORT_BENCH_TENANT = { subdomain: 'bench-report-subscriptions-10k', subscriptions: 10_000 };
const PER_OWNER = 50;
const DUE_EVERY = 100;
const MINUTE = 60_000;

async function tenantOf(subdomain: string) {
  const existing = await tenantRepository.bySubdomain(subdomain);
  if (existing) return existing.id;
  const created = await provisionTenant({
    subdomain,
    company: `Benchmark ${subdomain}`,
    address: 'Benchweg 1',
    zipcode: '1000 AA',
    city: 'Utrecht',
    country: 'Netherlands',
    phone: '+31 30 000 0000',
    email: `bench@${subdomain}.local`,
    icon: '',
    descriptionShort: 'Benchmark',
  });
  return created.id;
}

function owner(ctx: TenantContext, id: number) {
  return userRepository.toItem(ctx, {
    id,
    version: 1,
    name: `Planner ${id}`,
    username: `planner-${id}@bench.local`,
    email: `planner-${id}@bench.local`,
    roles: ['ROLE_ADMIN'],
    active: true,
    sub: `bench-planner-${id}`,
  });
}

/** Every 100th subscription due a minute before the run, the others tomorrow. */
function subscription(ctx: TenantContext, id: number, now: number) {
  const record: ReportSubscriptionRecord = {
    id,
    version: 1,
    owner_id: Math.ceil(id / PER_OWNER),
    kind: 'loan-days',
    client_id: null,
    schedule: { every: 'day', time: '07:00', weekday: null, day: null },
    format: 'csv',
    language: 'en',
    paused: false,
    next_due: new Date(id % DUE_EVERY === 0 ? now - MINUTE : now + 24 * 60 * MINUTE).toISOString(),
    last_sent: null,
    last_error: null,
    unsubscribe_key: 'b'.repeat(64),
  };
  return subscriptionRepository.toItem(ctx, record);
}

async function timedRun(tenantId: number, now: Date) {
  const counting = tallyConsumedCapacity(dynamo());
  const started = performance.now();
  try {
    const report = await runReportJob(now, { tenants: [String(tenantId)] });
    return { report, ms: performance.now() - started, tally: counting.stop() };
  } catch (error) {
    counting.stop();
    throw error;
  }
}

const requests = (tally: CapacityTally) => Object.values(tally.requests).reduce((n, count) => n + count, 0);

export async function benchReportSubscriptions(log: (line: string) => void): Promise<string> {
  const tenantId = await tenantOf(REPORT_BENCH_TENANT.subdomain);
  const ctx = systemTenantContext(tenantId);
  const count = REPORT_BENCH_TENANT.subscriptions;
  const now = Date.now();
  const started = Date.now();
  const owners = Array.from({ length: count / PER_OWNER }, (_, i) => owner(ctx, i + 1));
  const subscriptions = Array.from({ length: count }, (_, i) => subscription(ctx, i + 1, now));
  await batchPut([...owners, ...subscriptions], 8);
  const written = (Date.now() - started) / 1000;
  const duePartition = (
    await partitionCounts(subscriptionDuePartition(ctx), ACCESS_PATTERNS.reportSubscriptionsByDueTime)
  ).scanned;
  const first = await timedRun(tenantId, new Date(now));
  const rerun = await timedRun(tenantId, new Date(now));
  const { sent, due } = first.report;
  if (first.report.failed > 0) {
    const failed = await subscriptionRepository.get(ctx, DUE_EVERY);
    log(`  report job: ${first.report.failed} failed, e.g. ${failed?.last_error ?? failed?.sending?.error}`);
  }
  log(
    `  report job: ${due} due of ${count}, ${sent} sent, ${first.tally.readUnits} read units; rerun ${rerun.report.due}`,
  );
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const perMail = (value: number) => (sent > 0 ? (value / sent).toFixed(1) : '–');
  return [
    '## Report job (`npm run bench`, BENCH_SECTIONS=report-subscriptions)',
    '',
    `Run ${when} UTC: ${count.toLocaleString('en')} report subscriptions in one tenant ` +
      `(${REPORT_BENCH_TENANT.subdomain}; ${owners.length} users, ${PER_OWNER} each), every ${DUE_EVERY}th due a ` +
      `minute before the run; ${duePartition.toLocaleString('en')} entries in the tenant's due partition; written ` +
      `in ${written.toFixed(0)} s. Each due one a CSV loan-day statement of an empty month mailed to the local ` +
      'SMTP catcher. The job run in this process for this tenant only, twice at the same `now`. Design: ' +
      'docs/decisions/0312-scheduled-reports-mailed-to-their-subscriber.md.',
    '',
    ...markdownTable(
      [
        { heading: 'run' },
        { heading: 'due', align: 'right' },
        { heading: 'sent', align: 'right' },
        { heading: 'failed', align: 'right' },
        { heading: 'DynamoDB requests', align: 'right' },
        { heading: 'read units', align: 'right' },
        { heading: 'write units', align: 'right' },
        { heading: 'ms', align: 'right' },
      ],
      [first, rerun].map((run, i) => [
        i === 0 ? 'first' : 'again at the same time',
        run.report.due,
        run.report.sent,
        run.report.failed,
        requests(run.tally),
        run.tally.readUnits.toFixed(1),
        run.tally.writeUnits.toFixed(1),
        run.ms.toFixed(0),
      ]),
    ),
    '',
    `Per mail sent: ${perMail(requests(first.tally))} DynamoDB requests, ${perMail(first.tally.readUnits)} read ` +
      `units, ${perMail(first.tally.writeUnits)} write units, ${perMail(first.ms)} ms of the job (file, mail and ` +
      'records; docs/capacity.md turns these into a cost). What the run reads grows with what is due, not with ' +
      `the ${count.toLocaleString('en')} subscriptions: the rerun, with nothing due, reads ` +
      `${rerun.tally.readUnits.toFixed(1)} units.`,
  ].join('\n');
}
