import type { Evidence } from '../../../shared/schemas/evidence';
import type { LoanDay } from '../../../shared/schemas/loan-day';
import { tableName } from '../data/client';
import { pad } from '../data/keys';
import { queryAllPages } from '../data/query-page';
import type { TenantContext } from '../data/tenant-context';
import { amsterdamDay } from '../loan-days/amsterdam-day';
import { loanDayPartition, type StoredRecord } from '../loan-days/loan-day-records';

/**
 * The loan days counted for one asset in a period, with what their records keep as evidence (the last fix
 * outside, since when it was outside, the zone, the count after it) and the resets in the period
 * (functions/lib/loan-days/loan-day-records.ts). Loan days are Amsterdam days, so the period's days are too.
 *
 * Records are kept per month under the customer the asset had on the day counted. A client user reads their
 * customer's range of the asset only (a begins_with); staff read each month of the period filtered on the asset,
 * since the asset may have been several customers' in it: a whole month partition per month, at most four
 * (docs/capacity.md "Evidence").
 */
type LoanDays = Evidence['loanDays'];

function monthsOf(fromDay: string, toDay: string): string[] {
  const months: string[] = [];
  let [year, month] = fromDay.split('-').map(Number) as [number, number];
  for (let name = fromDay.slice(0, 7); name <= toDay.slice(0, 7); ) {
    months.push(name);
    [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
    name = `${year}-${String(month).padStart(2, '0')}`;
  }
  return months;
}

async function recordsOf(ctx: TenantContext, month: string, assetId: number, clientId?: number) {
  const pk = loanDayPartition(ctx, month);
  const range =
    clientId === undefined
      ? {
          KeyConditionExpression: 'pk = :pk',
          FilterExpression: 'assetId = :asset',
          ExpressionAttributeValues: { ':pk': pk, ':asset': assetId },
        }
      : {
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :owner)',
          ExpressionAttributeValues: { ':pk': pk, ':owner': `${pad(clientId)}#${pad(assetId)}#` },
        };
  const records: StoredRecord[] = [];
  for await (const page of queryAllPages({ TableName: tableName(), ...range })) {
    records.push(...((page.Items ?? []) as StoredRecord[]));
  }
  return records;
}

/** `clientId`: a client user's customer (their range only, without zones or who reset). */
export async function loanDaysOf(
  ctx: TenantContext,
  assetId: number,
  period: { from: string; to: string },
  clientId?: number,
): Promise<LoanDays> {
  const fromDay = amsterdamDay(new Date(period.from));
  const toDay = amsterdamDay(new Date(period.to));
  const months = monthsOf(fromDay, toDay);
  const records = (await Promise.all(months.map((month) => recordsOf(ctx, month, assetId, clientId)))).flat();
  const client = clientId !== undefined;
  const days: LoanDay[] = records
    .filter((record) => record.kind === 'day' && String(record.day) >= fromDay && String(record.day) <= toDay)
    .map((record) => ({
      day: String(record.day),
      zone: client ? null : ((record.zone as LoanDay['zone']) ?? null),
      last_fix: (record.last_fix as LoanDay['last_fix']) ?? null,
      outside_since: (record.outside_since as string | null) ?? null,
      days_outside: Number(record.days_outside),
    }))
    .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  const resets = records
    .filter((record) => record.kind === 'reset' && String(record.at) >= period.from && String(record.at) <= period.to)
    .map((record) => ({
      at: String(record.at),
      by: client ? null : ((record.by as { id: number } | null) ?? null),
      count: Number(record.count),
    }))
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  return { days, resets };
}
