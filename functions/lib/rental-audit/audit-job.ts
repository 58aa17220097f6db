import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { type AuditVisit, classifyDay, isBilled } from '../../../shared/rental-audit/classify-day';
import { dynamo, tableName } from '../data/client';
import type { TenantContext } from '../data/tenant-context';
import { addDays, endOfAmsterdamDay, startOfAmsterdamDay } from '../loan-days/amsterdam-day';
import { retentionOf } from '../settings/retention-settings';
import { depotZones } from '../utilisation/utilisation-rollup';
import {
  type AuditedLine,
  canonical,
  type LineState,
  lineStatesPartition,
  RECHECK_DAYS,
  runKey,
  type StoredAuditDay,
} from './audit-keys';
import { clearMark, markedFromOf, readMarks } from './audit-marks';
import { changedLines, fixTimesOfSpan, type ReadCounter, readRun, readStates, visitsOfSpan } from './audit-reads';
import { type AuditRun, type AuditWrites, raiseAlarms, writeDays } from './audit-writes';

/** Days either side of the billed period audited: unbilled days before on-hire and after off-hire. */
export const AUDIT_MARGIN_DAYS = 7;
/** How far back a changed line is recomputed; older days stay as they were audited. */
export const LOOKBACK_DAYS = 92;
/** The change index is read from this long before the last run's newest change (the index is eventually consistent). */
const CHANGE_MARGIN_MS = 10 * 60_000;
const PARALLEL = 10;

export interface RentalAuditReport {
  day: string;
  lines: number;
  changedLines: number;
  days: number;
  written: number;
  deleted: number;
  itemsRead: number;
  events: number;
  /** Late days marked by the pipeline that this run audited. */
  marks: number;
}

/** The days of a line the audit covers, through `lastDay`; null when none. */
export function windowOf(line: AuditedLine, lastDay: string): { from: string; to: string } | null {
  const from = addDays(line.onHire, -AUDIT_MARGIN_DAYS);
  const end = line.offHire ? addDays(line.offHire, AUDIT_MARGIN_DAYS) : lastDay;
  const to = end < lastDay ? end : lastDay;
  return from <= to ? { from, to } : null;
}

const clip = (range: { from: string; to: string } | null, from: string) =>
  range && range.to >= from ? { from: range.from > from ? range.from : from, to: range.to } : null;

function daysOf(range: { from: string; to: string } | null): string[] {
  const days: string[] = [];
  for (let day = range?.from; range && day && day <= range.to; day = addDays(day, 1)) days.push(day);
  return days;
}

interface Work {
  line: AuditedLine;
  state: LineState | undefined;
  changed: boolean;
  days: string[];
}

/**
 * A pass of the audit that may be cut between assets (the loan-day worker's hand-over, functions/lib/loan-days/
 * loan-day-lease.ts): the last asset whose lines an earlier part of the pass audited, and the change index
 * position the pass began at; `save` keeps them after each ten assets, before `goOn` is asked.
 */
export interface AuditPass {
  after?: number;
  changes?: string | null;
  save: (after: number, changes: string | null) => Promise<void>;
  goOn: () => Promise<boolean>;
}

/**
 * Audits tenant `ctx` through `lastDay`, the day that just ended (docs/decisions/
 * 0327-rental-audit-per-line-and-day-from-zone-visits.md): lines changed since the last run are recomputed over
 * their whole window (back LOOKBACK_DAYS), every other line over its newest RECHECK_DAYS closed days. A day item
 * is written only when it differs from the stored one: a rerun writes nothing. The lines are audited by asset, in
 * asset order; with a `pass` the run may stop between assets (`finished` false) and a later one goes on after the
 * last asset saved.
 */
export async function auditRentalContracts(
  ctx: TenantContext,
  lastDay: string,
  pass?: AuditPass,
): Promise<RentalAuditReport & { finished: boolean }> {
  const reads: ReadCounter = { items: 0 };
  const writes: AuditWrites = { written: 0, deleted: 0, events: 0 };
  const after = await readRun(ctx, reads);
  const from = after ? `${new Date(Date.parse(after.slice(0, 24)) - CHANGE_MARGIN_MS).toISOString()}` : null;
  const changes = await changedLines(ctx, from, reads);
  // Where the pass began in the change index: a later part saves that, not its own newer position, so a change
  // made meanwhile to a line an earlier part audited is read again the next night.
  const position = pass?.after === undefined ? (changes.newest ?? null) : (pass.changes ?? null);
  const states = await readStates(ctx, reads);
  const lines = new Map([...states].map(([id, state]) => [id, state.line]));
  for (const line of changes.lines) lines.set(line.externalId, line);
  const lookback = addDays(lastDay, -LOOKBACK_DAYS + 1);
  const run: AuditRun = { lookback, lastDay, keptYears: (await retentionOf(ctx)).loanDayYears, reads, writes };
  // Days changed later than the recheck reaches (late fixes and visits), marked by the pipeline per asset.
  const marks = await readMarks(ctx, lastDay, reads);
  const markedFrom = markedFromOf(marks);
  const work = [...lines.values()]
    .filter(isJudged)
    .map((line) => workOf(line, states.get(line.externalId), lastDay, markedFrom.get(line.asset as number)));
  // A line audited before that is judged no longer (cancelled, or its asset taken off) loses its stored days.
  const dropped = [...lines.values()]
    .filter((line) => !isJudged(line))
    .map((line) => workOf(line, states.get(line.externalId), lastDay, undefined))
    .filter((item) => item.state && item.changed);
  const byAsset = new Map<number, Work[]>();
  for (const item of work)
    byAsset.set(item.line.asset as number, [...(byAsset.get(item.line.asset as number) ?? []), item]);
  const depots = await depotZones(ctx);
  const groups = [...byAsset.entries()].sort(([a], [b]) => a - b).filter(([asset]) => asset > (pass?.after ?? -1));
  let days = 0;
  const report = () => ({
    day: lastDay,
    lines: lines.size,
    changedLines: work.filter((item) => item.changed).length + dropped.length,
    days,
    written: writes.written,
    deleted: writes.deleted,
    itemsRead: reads.items,
    events: writes.events,
    marks: marks.length,
  });
  for (let start = 0; start < groups.length; start += PARALLEL) {
    const batch = groups.slice(start, start + PARALLEL);
    await Promise.all(
      batch.map(async ([asset, items]) => {
        const evidence = await evidenceOf(ctx, asset, items, reads);
        for (const item of items) {
          const computed = item.days.map((day) => judged(item, day, evidence, depots, items));
          days += computed.length;
          await writeDays(ctx, item, computed, run);
          await saveState(ctx, item, computed, writes);
        }
      }),
    );
    // A mark goes once its asset's days are written: a run that stops before leaves it for the next.
    const audited = new Set(batch.map(([asset]) => asset));
    for (const mark of marks.filter((m) => audited.has(m.assetId))) await clearMark(ctx, mark);
    const last = batch.at(-1)?.[0] as number;
    if (pass && start + PARALLEL < groups.length) {
      await pass.save(last, position);
      if (!(await pass.goOn())) return { ...report(), finished: false };
    }
  }
  for (const item of dropped) {
    await writeDays(ctx, item, [], run);
    await saveState(ctx, item, [], writes);
  }
  // The marks of assets without a line to audit (an earlier part of the pass cleared those of the assets before).
  for (const mark of marks.filter((m) => !byAsset.has(m.assetId))) await clearMark(ctx, mark);
  if (position && position !== after) await saveRun(ctx, position);
  // One structured line per tenant and run: the items read are the audit's cost (docs/performance.md).
  console.info(JSON.stringify({ message: 'rental audit run', tenantId: ctx.tenantId, ...report() }));
  return { ...report(), finished: true };
}

/**
 * Whether the audit judges a line at all. A line rented by type and not yet given an asset has nothing to compare:
 * no tag, no place. It gets no day items until an asset is assigned (a change, so its whole window is audited
 * then); a bulk of thousands of such lines would otherwise write a "no data" item per line and day every night.
 * A cancelled line bills nothing and rents nothing: every day of it would say only that the asset was somewhere.
 */
const isJudged = (line: AuditedLine) => line.asset !== null && line.status !== 'cancelled';

const earlier = (a: string, b: string) => (a < b ? a : b);
const later = (a: string, b: string) => (a > b ? a : b);

/**
 * What a line needs this run: a changed line (or one never audited) its whole window back to the lookback;
 * another the days after its last audited one and the RECHECK_DAYS newest closed days, or from the day its asset
 * was marked late when that is older.
 */
function workOf(line: AuditedLine, state: LineState | undefined, lastDay: string, marked: string | undefined): Work {
  const lookback = addDays(lastDay, -LOOKBACK_DAYS + 1);
  const changed = !state || canonical(state.line) !== canonical(line);
  const recheck = earlier(addDays(lastDay, -RECHECK_DAYS + 1), marked ?? lastDay);
  const since = changed || !state.through ? lookback : later(earlier(addDays(state.through, 1), recheck), lookback);
  return { line, state, changed, days: daysOf(clip(windowOf(line, lastDay), since)) };
}

interface Evidence {
  visits: AuditVisit[];
  fixes: string[];
}

/** One read of the asset's visits and one of its track over the days its lines need. */
async function evidenceOf(ctx: TenantContext, asset: number | null, items: Work[], reads: ReadCounter) {
  const all = items.flatMap((item) => item.days).sort();
  if (asset === null || all.length === 0) return { visits: [], fixes: [] } satisfies Evidence;
  const span = {
    start: startOfAmsterdamDay(all[0] as string).toISOString(),
    end: endOfAmsterdamDay(all.at(-1) as string).toISOString(),
  };
  const [visits, fixes] = await Promise.all([
    visitsOfSpan(ctx, asset, span, reads),
    fixTimesOfSpan(ctx, asset, span, reads),
  ]);
  return { visits, fixes } satisfies Evidence;
}

function judged(
  item: Work,
  day: string,
  evidence: Evidence,
  depots: ReadonlySet<number>,
  sameAsset: readonly Work[],
): StoredAuditDay {
  const { line } = item;
  // The asset's other lines (a line without an asset has none: its days are no data anyway).
  const others = line.asset === null ? [] : sameAsset.filter((other) => other.line.externalId !== line.externalId);
  const answer = classifyDay({
    line,
    day,
    dayStart: startOfAmsterdamDay(day).toISOString(),
    dayEnd: endOfAmsterdamDay(day).toISOString(),
    visits: evidence.visits,
    fixes: evidence.fixes,
    depots,
    billedByAnotherLine: others.some((other) => isBilled(other.line, day)),
  });
  return {
    externalId: line.externalId,
    customer: line.customer,
    asset: line.asset,
    lineVersion: line.version,
    ...answer,
  };
}

async function saveState(ctx: TenantContext, item: Work, computed: StoredAuditDay[], writes: AuditWrites) {
  const newest = computed.at(-1);
  const alarms = raiseAlarms(ctx, item, newest, writes);
  const state: LineState = {
    line: item.line,
    through:
      newest && (!item.state?.through || newest.day > item.state.through) ? newest.day : (item.state?.through ?? null),
    ...alarms,
  };
  if (item.state && canonical(item.state) === canonical(state)) return;
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        pk: lineStatesPartition(ctx),
        sk: item.line.externalId,
        entityType: 'RENTAL_AUDIT_LINE',
        tenantId: ctx.tenantId,
        ...state,
      },
    }),
  );
  writes.written += 1;
}

async function saveRun(ctx: TenantContext, after: string) {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...runKey(ctx),
        entityType: 'JOB_CURSOR',
        tenantId: ctx.tenantId,
        after,
        updatedAt: new Date().toISOString(),
      },
    }),
  );
}
