import type { AuditDay, AuditLine } from '../../../shared/rental-audit/classify-day';
import { pad, tenantPrefix } from '../data/keys';
import type { TenantContext } from '../data/tenant-context';
import { expiresAfterYears } from '../settings/retention-settings';

/**
 * The rental audit's items (docs/data-model.md "Rental audit"):
 *  - a day of a line: `T#<t>#RENTAL_AUDIT#<YYYY-MM>` / `<customer padded>#<externalId>#<day>`: a month's audit is
 *    one Query in customer, line, day order, one customer's a `begins_with`, one line's a key range;
 *  - the audit's copy of a line (the line state): `T#<t>#RENTAL_AUDIT_LINES` / `<externalId>`: what the job
 *    audited it as, through which day, and which alarms it has raised;
 *  - the job's run: `T#<t>#JOB` / `RENTAL_AUDIT`: the change index read so far;
 *  - a late day's mark: `T#<t>#RENTAL_AUDIT_MARKS` / `<assetId>#<day>` (below).
 */
export const auditMonthPartition = (ctx: TenantContext, month: string) => `${tenantPrefix(ctx)}RENTAL_AUDIT#${month}`;
export const lineDaysPrefix = (customer: number, externalId: string) => `${pad(customer)}#${externalId}#`;
export const customerPrefix = (customer: number) => `${pad(customer)}#`;
export const daySortKey = (customer: number, externalId: string, day: string) =>
  `${lineDaysPrefix(customer, externalId)}${day}`;

export const lineStatesPartition = (ctx: TenantContext) => `${tenantPrefix(ctx)}RENTAL_AUDIT_LINES`;
export const runKey = (ctx: TenantContext) => ({ pk: `${tenantPrefix(ctx)}JOB`, sk: 'RENTAL_AUDIT' });

/** Closed days recomputed every night besides the new one: late uplinks and visits confirmed hours later. */
export const RECHECK_DAYS = 3;

/**
 * A mark of an asset's day changed later than the nightly recheck reaches (a late fix or visit):
 * `T#<t>#RENTAL_AUDIT_MARKS` / `<assetId>#<day>`, written by the pipeline, read and deleted by the job.
 */
export const marksPartition = (ctx: TenantContext) => `${tenantPrefix(ctx)}RENTAL_AUDIT_MARKS`;
export const markSortKey = (assetId: number, day: string) => `${assetId}#${day}`;

/** The change index on a line (gsi3, `rentalContractsByChange`): a tenant's lines by the time they last changed. */
export const changesPartition = (ctx: TenantContext) => `${tenantPrefix(ctx)}RENTAL_CONTRACT_CHANGES`;
export const changeSortKey = (changedAt: string, externalId: string) => `${changedAt}#${externalId}`;

/** A line as the audit judges it, with what names its items. */
export interface AuditedLine extends AuditLine {
  externalId: string;
  customer: number;
  version: number;
}

/** The audit's copy of a line: the line as last audited, how far, and the alarms raised. */
export interface LineState {
  line: AuditedLine;
  /** The last day audited; null before the first. */
  through: string | null;
  /** The newest audited day's class was overdue / over-billed (an event leaves when this turns true). */
  overdue: boolean;
  overBilled: boolean;
}

/** A stored day: the classifier's answer and the line version it judged. */
export interface StoredAuditDay extends AuditDay {
  externalId: string;
  customer: number;
  asset: number | null;
  lineVersion: number;
}

/** The day items' kind, by which the retention re-dating finds them. */
export const AUDIT_DAY_TYPE = 'RENTAL_AUDIT_DAY';

/**
 * A day's item. It is billing evidence, kept as the loan-day records are: `keptYears` whole bookkeeping years
 * after the day's own year (the tenant's `loanDayYears`).
 */
export function dayItem(ctx: TenantContext, day: StoredAuditDay, keptYears: number): Record<string, unknown> {
  return {
    pk: auditMonthPartition(ctx, day.day.slice(0, 7)),
    sk: daySortKey(day.customer, day.externalId, day.day),
    entityType: AUDIT_DAY_TYPE,
    tenantId: ctx.tenantId,
    ...day,
    expiresAt: expiresAfterYears(day.day, keptYears),
  };
}

const DAY_FIELDS = [
  'externalId',
  'customer',
  'asset',
  'lineVersion',
  'day',
  'class',
  'billed',
  'place',
  'evidence',
] as const satisfies readonly (keyof StoredAuditDay)[];

export const storedDayOf = (item: Record<string, unknown>): StoredAuditDay =>
  Object.fromEntries(DAY_FIELDS.map((field) => [field, item[field] ?? null])) as unknown as StoredAuditDay;

/** JSON with every object's keys sorted: a map read back from the table may list its keys in another order. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** Equal exactly when nothing the audit says of the day changed. */
export const sameDay = (a: StoredAuditDay, b: StoredAuditDay) =>
  canonical(storedDayOf(a as never)) === canonical(storedDayOf(b as never));
