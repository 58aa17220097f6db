import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { DURATION_UNITS } from '../../../shared/schemas/alarm';
import { ACCESS_PATTERNS } from '../../../shared/table';
import { alarmsOfTypePartition } from '../alarms/alarm-repository';
import type { AssetRecord } from '../assets/asset-repository';
import { dynamo, tableName } from '../data/client';
import { itemKey } from '../data/keys';
import { queryAllPages } from '../data/query-page';
import { systemTenantContext } from '../data/system-context';
import type { TenantContext } from '../data/tenant-context';
import { publishAlarms } from '../pipeline/alarms/publish-alarms';
import type { AlarmRaised } from '../pipeline/contracts';
import { tenantRepository } from '../tenants/tenant-repository';
import {
  conditionStarts,
  type Firing,
  planTimer,
  TIME_TYPES,
  type TimeRule,
  type TimerAsset,
  type TimeType,
  timeRulesByType,
} from './conditions';
import { replanIfAsked } from './timer-replan';
import { firedOf, settleTimer, TIMER_INDEX, type TimerItem, timerDueBound, timerDuePartition } from './timer-store';
import { type ClearedAsset, queueCleared } from './timer-sync';

/**
 * The time-rule job (docs/decisions/0262-time-rules-asset-timers-hold-condition-starts-a-job-plans-and-fires.md): every 15
 * minutes, per tenant, the time rules (four small Queries), a re-plan when a rule changed, then only the timers
 * due by `now` (a Query of the sparse due index, never a Scan). Each due timer's asset is re-read (the truth: a
 * stored start may be stale), its rules fire once per condition start (AlarmRaised naming the rule, the same
 * alarm id on a rerun), ended conditions clear (alarm.cleared), and the timer moves to its next due time with a
 * write conditioned on the rev it read (a concurrent uplink or save wins).
 */
export interface TimeRuleReport {
  now: string;
  tenants: number;
  /** Rules, markers, due entries (ScannedCount) and the assets re-read. */
  itemsRead: number;
  due: number;
  fired: number;
  cleared: number;
  replanned: number;
  /** A writer came in between: nothing written, the next run sees its state. */
  skipped: number;
}

const PAGE = 200;
const PARALLEL = 10;

export async function runTimeRuleJob(now: Date, options: { tenants?: readonly string[] } = {}) {
  const report: TimeRuleReport = {
    now: now.toISOString(),
    tenants: 0,
    itemsRead: 0,
    due: 0,
    fired: 0,
    cleared: 0,
    replanned: 0,
    skipped: 0,
  };
  const only = options.tenants ? new Set(options.tenants) : undefined;
  for (const tenant of await tenantRepository.list()) {
    if (only && !only.has(String(tenant.id))) continue;
    report.tenants += 1;
    await sweepTenant(systemTenantContext(String(tenant.id)), now, report);
  }
  return report;
}

async function rulesOf(ctx: TenantContext, report: TimeRuleReport) {
  const pages = await Promise.all(
    TIME_TYPES.map((type) =>
      dynamo().send(
        new QueryCommand({
          TableName: tableName(),
          IndexName: ACCESS_PATTERNS.alarmRulesByType,
          KeyConditionExpression: 'gsi1pk = :pk',
          ExpressionAttributeValues: { ':pk': alarmsOfTypePartition(ctx, type) },
        }),
      ),
    ),
  );
  const rules = pages.flatMap((page) => (page.Items ?? []) as { id: number; type: number; duration?: number }[]);
  report.itemsRead += rules.length;
  return timeRulesByType(rules);
}

async function sweepTenant(ctx: TenantContext, now: Date, report: TimeRuleReport) {
  const rules = await rulesOf(ctx, report);
  await replanIfAsked(ctx, rules, report);
  const pages = queryAllPages({
    TableName: tableName(),
    IndexName: TIMER_INDEX,
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :bound',
    ExpressionAttributeValues: { ':pk': timerDuePartition(ctx), ':bound': timerDueBound(now) },
    Limit: PAGE,
  });
  for await (const page of pages) {
    report.itemsRead += page.ScannedCount ?? 0;
    const timers = (page.Items ?? []) as TimerItem[];
    report.due += timers.length;
    for (let start = 0; start < timers.length; start += PARALLEL)
      await Promise.all(timers.slice(start, start + PARALLEL).map((timer) => settle(ctx, timer, rules, now, report)));
  }
}

type JobAsset = AssetRecord & TimerAsset & ClearedAsset;

async function settle(
  ctx: TenantContext,
  timer: TimerItem,
  rules: Map<TimeType, TimeRule[]>,
  now: Date,
  report: TimeRuleReport,
) {
  const read = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: itemKey(ctx, 'ASSET', timer.assetId), ConsistentRead: true }),
  );
  report.itemsRead += 1;
  const asset = read.Item as JobAsset | undefined;
  const starts = asset ? conditionStarts(asset) : {};
  const plan = planTimer(starts, firedOf(timer), rules, now);
  // Alarms first: a run stopped before the timer's write raises the same alarms (same ids: mailed once).
  if (asset && plan.fire.length > 0) await publishAlarms(plan.fire.map((firing) => alarmOf(ctx, asset, firing)));
  if (!(await settleTimer(ctx, timer, { starts, fired: plan.fired, due: plan.due }))) {
    report.skipped += 1;
    return;
  }
  report.fired += plan.fire.length;
  report.cleared += plan.cleared.length;
  if (asset) queueCleared(ctx, asset, plan.cleared, now.toISOString());
}

const scheduledDay = (scheduled: string | null | undefined) => (scheduled ? scheduled.slice(0, 10) : undefined);

function alarmOf(ctx: TenantContext, asset: JobAsset, { rule, at }: Firing): AlarmRaised {
  const device = asset.devices?.[0] as { id: number; name?: string | null; dev_eui?: string } | undefined;
  const zone =
    rule.type === 8
      ? asset.site
        ? { id: asset.site.zoneId, name: asset.site.zoneName ?? null }
        : null
      : asset.geo_zone;
  const unit = DURATION_UNITS[rule.type];
  const values: AlarmRaised['values'] = {};
  // Written out in the mail's language when the mail is made (alarm-handler.ts `fillPlaceholders`).
  if (rule.duration && unit) Object.assign(values, { duration: rule.duration, duration_unit: unit });
  const scheduled = scheduledDay(asset.scheduled);
  if (scheduled) values.scheduled = scheduled;
  return {
    tenantId: ctx.tenantId,
    kind: rule.type,
    ruleId: rule.id,
    values,
    assetId: asset.id,
    assetName: asset.name ?? null,
    deviceId: device?.id ?? 0,
    deviceName: device?.name ?? null,
    devEui: device?.dev_eui ?? '-',
    zoneId: zone?.id ?? null,
    zoneName: zone?.name ?? null,
    at,
    latitude: asset.last_event?.latitude ?? null,
    longitude: asset.last_event?.longitude ?? null,
  };
}
