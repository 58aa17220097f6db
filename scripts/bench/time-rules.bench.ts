import { alarmRepository } from '../../functions/lib/alarms/alarm-repository';
import { indexSortKey, itemKey } from '../../functions/lib/data/keys';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import type { TenantContext } from '../../functions/lib/data/tenant-context';
import { tenantRepository } from '../../functions/lib/tenants/tenant-repository';
import { runTimeRuleJob } from '../../functions/lib/time-rules/time-rule-job';
import { requestTimerReplan } from '../../functions/lib/time-rules/timer-replan';
import { timerDuePartition, timerKey, timerPartition } from '../../functions/lib/time-rules/timer-store';
import { batchPut } from '../seed/batch-write';
import { markdownTable } from './markdown-table';
import { partitionCounts } from './partition';

/**
 * The time-rule job at 10k assets, every one with a timer (idle since its last move, the
 * condition nearly every asset has) and 1 % due: every 100th asset idle for two days, the others for an hour,
 * one idle rule of a day. The job must read the due timers and their assets only, never the tenant's assets or
 * timers. Items read come from the job's report (ScannedCount, GetItems), so they do not depend on the machine.
 */
export const TIME_RULE_BENCH_TENANT = { subdomain: 'bench-time-rules-10k', assetCount: 10_000 };
const DUE_EVERY = 100;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export async function tenantOf(subdomain: string) {
  const existing = await tenantRepository.bySubdomain(subdomain);
  if (existing) return existing.id;
  const created = await tenantRepository.create({
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

/** An asset item with what the conditions read, and its timer as a writer leaves it (due at start + a day). */
function assetAndTimer(ctx: TenantContext, id: number, now: number) {
  const since = new Date(now - (id % DUE_EVERY === 0 ? 2 * DAY : HOUR)).toISOString();
  const due = new Date(Date.parse(since) + DAY).toISOString();
  return [
    {
      ...itemKey(ctx, 'ASSET', id),
      id,
      version: 1,
      name: `Haspel T-${id}`,
      devices: [{ id }],
      rest_position: { since },
    },
    {
      ...timerKey(ctx, id),
      assetId: id,
      starts: { 7: since },
      rev: 1,
      due,
      gsi1pk: timerDuePartition(ctx),
      gsi1sk: indexSortKey(due, id),
    },
  ];
}

async function partitionSize(pk: string): Promise<number> {
  return (await partitionCounts(pk)).scanned;
}

export async function benchTimeRules(log: (line: string) => void): Promise<string> {
  const tenantId = await tenantOf(TIME_RULE_BENCH_TENANT.subdomain);
  const ctx = systemTenantContext(tenantId);
  const count = TIME_RULE_BENCH_TENANT.assetCount;
  const now = Date.now();
  const started = Date.now();
  const rule = { id: 1, version: 1, name: 'Idle a day', type: 7 as const, text: 'x', email: null, duration: 1 };
  const items = Array.from({ length: count }, (_, i) => assetAndTimer(ctx, i + 1, now)).flat();
  await batchPut([alarmRepository.toItem(ctx, rule), ...items], 8);
  const written = (Date.now() - started) / 1000;
  const due = Math.floor(count / DUE_EVERY);
  const t0 = performance.now();
  const first = await runTimeRuleJob(new Date(now), { tenants: [String(tenantId)] });
  const firstMs = performance.now() - t0;
  const t1 = performance.now();
  const second = await runTimeRuleJob(new Date(now), { tenants: [String(tenantId)] });
  const secondMs = performance.now() - t1;
  // A rule change (here: the idle rule from one day to two) re-plans every timer of the tenant in the next run.
  await batchPut([alarmRepository.toItem(ctx, { ...rule, duration: 2 })], 1);
  await requestTimerReplan(ctx);
  const t2 = performance.now();
  const replan = await runTimeRuleJob(new Date(now), { tenants: [String(tenantId)] });
  const replanMs = performance.now() - t2;
  const timers = await partitionSize(timerPartition(ctx));
  log(`  time rules: ${first.itemsRead} read for ${due} due of ${count}; rerun ${second.itemsRead}`);
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  return [
    '## Time-rule job (`npm run bench`, BENCH_SECTIONS=time-rules)',
    '',
    `Run ${when} UTC, ${count.toLocaleString('en')} assets (tenant ${TIME_RULE_BENCH_TENANT.subdomain}), each with a ` +
      `timer (idle), 1 % due (every ${DUE_EVERY}th idle for two days, the others for an hour), one idle rule of a ` +
      `day; assets and timers written before the run in ${written.toFixed(0)} s. The job run with that \`now\`, ` +
      'for this tenant only. Design: docs/decisions/0262-time-rules-asset-timers-hold-condition-starts-a-job-plans-and-fires.md.',
    '',
    ...markdownTable(
      [
        { heading: 'run' },
        { heading: 'timers due', align: 'right' },
        { heading: 'items read', align: 'right' },
        { heading: 'fired', align: 'right' },
        { heading: 'ms', align: 'right' },
      ],
      [
        ['first', first.due, first.itemsRead, first.fired, firstMs.toFixed(0)],
        ['again at the same time', second.due, second.itemsRead, second.fired, secondMs.toFixed(0)],
        [
          `after a rule change (re-plan: ${replan.replanned} timers moved)`,
          replan.due,
          replan.itemsRead,
          replan.fired,
          replanMs.toFixed(0),
        ],
        ['(for comparison: the timer partition, the asset partition)', '', `${timers}, ${count}`, '', ''],
      ],
    ),
    '',
    'Items read = the rules (one Query per time type), the re-plan marker (one GetItem), the due index entries ' +
      'and one asset GetItem per due timer; after a rule change, the timer partition once and a write per timer ' +
      "whose due time moves (25 at once; the time above is the local stand-in's write rate). Extra writes per uplink on the common path: none (a timer is written " +
      'only when a condition begins, ends or restarts after lasting its smallest duration).',
    '',
  ].join('\n');
}
