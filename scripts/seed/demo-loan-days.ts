import type { AssetRecord } from '../../functions/lib/assets/asset-repository';
import type { TenantContext } from '../../functions/lib/data/tenant-context';
import { addDays, amsterdamDay } from '../../functions/lib/loan-days/amsterdam-day';
import type { CountedAsset } from '../../functions/lib/loan-days/loan-day-counter';
import { dayRecordPut } from '../../functions/lib/loan-days/loan-day-records';
import { DEFAULT_RETENTION } from '../../shared/schemas/retention';
import { batchPut } from './batch-write';

/** Days back the demo keeps records for: this month and the last, for the Billing screen. */
const MAX_DAYS = 45;

/**
 * The loan-day records behind the demo assets' days outside their zone, as the daily job would
 * have written them on the days before `referenceDate`: an asset with N days outside has a record for each of
 * its last N days (at most MAX_DAYS), the evidence being its last fix as seeded. Demo data only.
 */
export async function seedLoanDayRecords(
  ctx: TenantContext,
  assets: readonly AssetRecord[],
  referenceDate: Date,
): Promise<number> {
  const today = amsterdamDay(referenceDate);
  const items: object[] = [];
  for (const asset of assets) {
    const days = asset.days_outside_geo_zone ?? 0;
    if (days <= 0 || !asset.geo_zone) continue;
    for (let back = Math.min(days, MAX_DAYS); back >= 1; back--) {
      const day = addDays(today, -back);
      const put = dayRecordPut(ctx, asset as CountedAsset, day, days - back + 1, DEFAULT_RETENTION.loanDayYears);
      if (put.Put) items.push(put.Put.Item as object);
    }
  }
  await batchPut(items, 4);
  return items.length;
}
