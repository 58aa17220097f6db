import type { LoanDay, LoanDayReport } from '../../../shared/schemas/loan-day';
import type { AssetRecord } from '../assets/asset-repository';
import { tableName } from '../data/client';
import { pad, tenantPrefix } from '../data/keys';
import type { TenantContext } from '../data/tenant-context';
import type { TransactItem } from '../data/transaction';
import { expiresAfterYears } from '../settings/retention-settings';
import { amsterdamDay } from './amsterdam-day';
import type { CountedAsset } from './loan-day-counter';

/**
 * Loan-day records (docs/data-model.md "Loan-day records"): one item per counted day outside,
 * written in the job's counting transaction, and one per person's reset, in the reset's transaction:
 *  - pk T#<t>#LOAN_DAY#<YYYY-MM>, sk <client padded>#<asset padded>#<YYYY-MM-DD>      a counted day
 *  - pk T#<t>#LOAN_DAY#<YYYY-MM>, sk <client padded>#<asset padded>#RESET#<ISO time>  a reset
 * (client 0: no customer). A month's report reads the partition, one customer's a begins_with on it, in answers
 * of ~5,000 records (loan-day-pages.ts);
 * the records are already in customer, asset, day order. The customer is the asset's on the day counted.
 */
export const loanDayPartition = (ctx: TenantContext, month: string) => `${tenantPrefix(ctx)}LOAN_DAY#${month}`;
const ownerKey = (clientId: number | null, assetId: number) => `${pad(clientId ?? 0)}#${pad(assetId)}`;

/**
 * The record of day `day` counted outside for `asset` (as the job read it), `daysOutside` after the count, kept
 * `keptYears` bookkeeping years (the tenant's `loanDayYears`).
 */
export function dayRecordPut(
  ctx: TenantContext,
  asset: CountedAsset,
  day: string,
  daysOutside: number,
  keptYears: number,
): TransactItem {
  const fix = asset.last_event;
  const fixed = fix && fix.latitude !== null && fix.longitude !== null;
  return {
    Put: {
      TableName: tableName(),
      Item: {
        pk: loanDayPartition(ctx, day.slice(0, 7)),
        sk: `${ownerKey(asset.client?.id ?? null, asset.id)}#${day}`,
        entityType: 'LOAN_DAY',
        tenantId: ctx.tenantId,
        kind: 'day',
        assetId: asset.id,
        assetName: asset.name,
        client: asset.client ? { id: asset.client.id, company: asset.client.company ?? null } : null,
        day,
        zone: asset.geo_zone ? { id: asset.geo_zone.id, name: asset.geo_zone.name ?? null } : null,
        last_fix: fixed
          ? { date: fix.date, latitude: fix.latitude, longitude: fix.longitude, accuracy: fix.radius ?? null }
          : null,
        outside_since: asset.zone_membership?.since ?? null,
        days_outside: daysOutside,
        expiresAt: expiresAfterYears(day, keptYears),
      },
      // The asset's own condition already refuses a second count; this keeps a record from being replaced.
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** The record of a person's reset of `asset`'s days outside, at `at` (its Amsterdam month), kept as a day is. */
export function resetRecordWrite(
  ctx: TenantContext,
  asset: AssetRecord,
  by: number | null,
  at: Date,
  keptYears: number,
): TransactItem {
  const time = at.toISOString();
  return {
    Put: {
      TableName: tableName(),
      Item: {
        pk: loanDayPartition(ctx, amsterdamDay(at).slice(0, 7)),
        sk: `${ownerKey(asset.client?.id ?? null, asset.id)}#RESET#${time}`,
        entityType: 'LOAN_DAY',
        tenantId: ctx.tenantId,
        kind: 'reset',
        assetId: asset.id,
        assetName: asset.name,
        client: asset.client ? { id: asset.client.id, company: asset.client.company ?? null } : null,
        at: time,
        by: by === null ? null : { id: by },
        count: asset.days_outside_geo_zone ?? 0,
        expiresAt: expiresAfterYears(amsterdamDay(at), keptYears),
      },
    },
  };
}

export type StoredRecord = Record<string, unknown> & {
  kind: 'day' | 'reset';
  assetId: number;
  assetName: string;
  client: { id: number; company: string | null } | null;
};

/** Where an answer is and where the rest of its month is (paths of GET /api/loan-days), null when it ends. */
export interface ReportLinks {
  self: string;
  next: string | null;
}

/** The report of a month from its records (in customer, asset, day order as stored). */
export function loanDayReportOf(
  month: string,
  records: readonly StoredRecord[],
  links: ReportLinks = { self: `/api/loan-days?month=${month}`, next: null },
): LoanDayReport {
  const customers: LoanDayReport['customers'] = [];
  for (const record of records) {
    const clientId = record.client?.id ?? null;
    let customer = customers.at(-1);
    if (!customer || (customer.client?.id ?? null) !== clientId) {
      customer = { client: record.client, assets: [], total: 0 };
      customers.push(customer);
    }
    let line = customer.assets.at(-1);
    if (!line || line.asset.id !== record.assetId) {
      line = { asset: { id: record.assetId, name: record.assetName }, days: [], count: 0, resets: [] };
      customer.assets.push(line);
    }
    // The newest name of the month: records are per day, the last one names the asset as it was last counted.
    line.asset.name = record.assetName;
    if (record.kind === 'reset') {
      line.resets.push({
        at: String(record.at),
        by: (record.by as { id: number } | null) ?? null,
        count: Number(record.count),
      });
      continue;
    }
    line.days.push({
      day: String(record.day),
      zone: (record.zone as LoanDay['zone']) ?? null,
      last_fix: (record.last_fix as LoanDay['last_fix']) ?? null,
      outside_since: (record.outside_since as string | null) ?? null,
      days_outside: Number(record.days_outside),
    });
    line.count += 1;
    customer.total += 1;
  }
  const total = customers.reduce((sum, customer) => sum + customer.total, 0);
  return { '@id': links.self, '@type': 'LoanDayReport', month, customers, total, next: links.next };
}
