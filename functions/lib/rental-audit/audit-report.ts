import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { RENTAL_AUDIT_CLASSES } from '../../../shared/rental-audit/classify-day';
import type {
  RentalAuditLine,
  RentalAuditQuery,
  RentalAuditReport,
  RentalAuditTotals,
} from '../../../shared/schemas/rental-audit';
import { assetViewerOf } from '../assets/asset-view';
import type { AuthContext } from '../auth/auth-context';
import { dynamo, tableName } from '../data/client';
import type { TenantContext } from '../data/tenant-context';
import { addDays, startOfAmsterdamDay } from '../loan-days/amsterdam-day';
import { reportsOfPeriod } from '../report-check/report-items';
import { auditMonthPartition, customerPrefix, storedDayOf } from './audit-keys';

/**
 * GET /api/rental-audit: a month's audited days, one Query of the month's partition in customer, line, day order
 * (one customer's a `begins_with`). An answer holds the lines of at most ANSWER_DAYS day items and never splits a
 * line: past that it ends after the last whole line and names the rest by `next`. Client users get their own
 * customer's lines whatever they ask, and no visits in the evidence (visits name zones, 0218 and 0267).
 */
export const ANSWER_DAYS = 5_000;

const noTotals = (): RentalAuditTotals =>
  Object.fromEntries(RENTAL_AUDIT_CLASSES.map((name) => [name, 0])) as RentalAuditTotals;

const pathOf = (query: RentalAuditQuery, cursor: string) =>
  `/api/rental-audit?month=${query.month}${query.customer ? `&customer=${query.customer}` : ''}&cursor=${encodeURIComponent(cursor)}`;

export async function readRentalAudit(auth: AuthContext, query: RentalAuditQuery): Promise<RentalAuditReport> {
  const page = await readAuditPage(auth, query);
  const { customer, lines, totals } = page;
  const next = page.cursor === null ? null : pathOf(query, page.cursor);
  if (query.cursor || page.outOfScope) return { month: query.month, customer, lines, totals, next };
  const disagreeingChecks = await disagreeingChecksOf(auth.tenant, query.month, customer);
  return { month: query.month, customer, lines, totals, next, disagreeingChecks };
}

/** One answer's lines in the caller's scope, and where the next starts (null: the month is done). */
export interface AuditPage {
  customer: number | null;
  lines: RentalAuditLine[];
  totals: RentalAuditTotals;
  cursor: string | null;
  /** A client user asked for another customer, or a cursor outside their range: nothing is theirs. */
  outOfScope?: true;
}

/**
 * An answer of the month without the report checks' count: the API's and the export's (audit-export.ts), which
 * follows `cursor` through the month.
 */
export async function readAuditPage(auth: AuthContext, query: RentalAuditQuery): Promise<AuditPage> {
  const viewer = await assetViewerOf(auth);
  let customer = query.customer ?? null;
  if (viewer.kind === 'client') {
    if (viewer.clientId === null || (customer !== null && customer !== viewer.clientId)) return empty(customer);
    customer = viewer.clientId;
  }
  const prefix = customer === null ? null : customerPrefix(customer);
  // A cursor outside the customer's range would read another customer's days: it answers nothing instead.
  if (query.cursor && prefix && !query.cursor.startsWith(prefix)) return empty(customer);
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined = query.cursor
    ? { pk: auditMonthPartition(auth.tenant, query.month), sk: query.cursor }
    : undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: prefix ? 'pk = :pk AND begins_with(sk, :prefix)' : 'pk = :pk',
        ExpressionAttributeValues: {
          ':pk': auditMonthPartition(auth.tenant, query.month),
          ...(prefix ? { ':prefix': prefix } : {}),
        },
        ExclusiveStartKey: startKey,
        Limit: ANSWER_DAYS + 1 - items.length,
      }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey && items.length <= ANSWER_DAYS);
  const lines = linesOf(items, viewer.kind === 'client');
  let cursor: string | null = null;
  if (startKey || items.length > ANSWER_DAYS) {
    // The last line may go on past this answer: it is left for the next, which starts after the line before.
    const cut = lines.length > 1 ? lines.pop() : undefined;
    const last = lines.at(-1);
    if (cut && last) cursor = `${customerPrefix(last.customer)}${last.externalId}#${last.days.at(-1)?.day}`;
  }
  const totals = noTotals();
  for (const line of lines) for (const name of RENTAL_AUDIT_CLASSES) totals[name] += line.totals[name];
  return { customer, lines, totals, cursor };
}

/**
 * The instants a month of Amsterdam days covers, as the time index's ISO keys: from midnight on the 1st there to
 * the last millisecond before the next month's (the period's `to` also takes every key that begins with it).
 * The audit's days are Amsterdam days, so a report at 00:30 on the 1st there (22:30 UTC the day before) is the
 * new month's.
 */
export function amsterdamMonthBounds(month: string): { from: string; to: string } {
  const first = `${month}-01`;
  // 31 days after the 1st is always in the next month.
  const next = `${addDays(first, 31).slice(0, 7)}-01`;
  return {
    from: startOfAmsterdamDay(first).toISOString(),
    to: new Date(startOfAmsterdamDay(next).getTime() - 1).toISOString(),
  };
}

/**
 * The month's reports whose stored check disagrees, of one customer or all (the reports' time index, the
 * customer of the report's time). A report not yet checked does not count: its check is stored once its window
 * is over (functions/lib/report-check/report-items.ts).
 */
async function disagreeingChecksOf(ctx: TenantContext, month: string, customer: number | null): Promise<number> {
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  const bounds = amsterdamMonthBounds(month);
  do {
    const page = await reportsOfPeriod(ctx, { ...bounds, limit: 1000, startKey });
    for (const report of page.reports)
      if (report.check?.result === 'disagree' && (customer === null || report.clientId === customer)) count += 1;
    startKey = page.next;
  } while (startKey);
  return count;
}

const empty = (customer: number | null): AuditPage => ({
  customer,
  lines: [],
  totals: noTotals(),
  cursor: null,
  outOfScope: true,
});

function linesOf(items: Record<string, unknown>[], forClient: boolean): RentalAuditLine[] {
  const lines: RentalAuditLine[] = [];
  for (const item of items) {
    const day = storedDayOf(item);
    let line = lines.at(-1);
    if (!line || line.externalId !== day.externalId || line.customer !== day.customer) {
      line = {
        externalId: day.externalId,
        customer: day.customer,
        asset: day.asset,
        lineVersion: day.lineVersion,
        days: [],
        totals: noTotals(),
      };
      lines.push(line);
    }
    const { visits, ...evidence } = day.evidence;
    line.days.push({
      day: day.day,
      class: day.class,
      billed: day.billed,
      place: day.place,
      evidence: forClient ? evidence : { ...evidence, visits },
    });
    line.totals[day.class] += 1;
  }
  return lines;
}
