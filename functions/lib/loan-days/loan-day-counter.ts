import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type AssetRecord, movedListKeys } from '../assets/asset-repository';
import { dynamo, tableName } from '../data/client';
import { itemKey } from '../data/keys';
import { fromItem } from '../data/repository';
import type { TenantContext } from '../data/tenant-context';
import { retentionOf } from '../settings/retention-settings';
import { queueWebhookEvent } from '../webhooks/webhook-events';
import { endOfAmsterdamDay } from './amsterdam-day';
import { dayRecordPut } from './loan-day-records';
import { type LoanDayAsset, loanDayOf } from './loan-day-state';

/** The asset attribute naming the last day counted: the job's idempotency mark (docs/data-model.md). */
export const COUNTED_FOR = 'loanDayCountedFor';
export type CountedAsset = AssetRecord & LoanDayAsset & { [COUNTED_FOR]?: string };

export type CountResult =
  | { result: 'counted'; outside: boolean; still: boolean }
  | { result: 'already counted' | 'nothing to count' | 'gone' };

/**
 * Counts day `day` for one asset, as read by the job (`asset`): days_outside_geo_zone + 1 when it was outside
 * its zone at the day's end (with its days-outside sort keys, gsi8sk/gsi15sk, which an ADD alone would leave stale), days_still
 * + 1 when it did not move that day (loan-day-state.ts, `loanDayOf`), and `loanDayCountedFor`. The version does
 * not move (it is for people's edits; decision 0242) but conditions the write, with the counters as read: a
 * person's edit (zone cleared, reset) or a count meanwhile is read again and judged anew, never overwritten.
 * The condition `loanDayCountedFor < :day` makes a rerun, a retry or a late run of an older day add nothing.
 */
export async function countLoanDay(ctx: TenantContext, first: CountedAsset, day: string): Promise<CountResult> {
  let asset: CountedAsset | undefined = first;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    if (!asset) return { result: 'gone' };
    if ((asset[COUNTED_FOR] ?? '') >= day) return { result: 'already counted' };
    const counts = loanDayOf(asset, day);
    if (!counts.outside && !counts.still) return { result: 'nothing to count' };
    try {
      await sendCount(ctx, asset, day, counts);
      return { result: 'counted', ...counts };
    } catch (error) {
      const refused = error instanceof ConditionalCheckFailedException || error instanceof TransactionCanceledException;
      if (!refused) throw error;
    }
    asset = await readAsset(ctx, asset.id);
  }
  throw new Error(`Asset ${first.id} kept changing while its loan day ${day} was counted`);
}

async function readAsset(ctx: TenantContext, id: number): Promise<CountedAsset | undefined> {
  const read = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: itemKey(ctx, 'ASSET', id), ConsistentRead: true }),
  );
  return read.Item ? fromItem<CountedAsset>(read.Item) : undefined;
}

/**
 * A day outside is billed: its record (the evidence) goes in the count's transaction, so a
 * counter never moves without its record nor a record exists without its count; then `loan_day.counted` is
 * queued (sent when the tenant's count is done, functions/lib/effects/). A day only still is the plain UpdateItem it always was.
 */
async function sendCount(
  ctx: TenantContext,
  asset: CountedAsset,
  day: string,
  counts: { outside: boolean; still: boolean },
): Promise<void> {
  const update = countUpdate(ctx, asset, day, counts);
  if (!counts.outside) {
    await dynamo().send(update);
    return;
  }
  const daysOutside = (asset.days_outside_geo_zone ?? 0) + 1;
  const keptYears = (await retentionOf(ctx)).loanDayYears;
  await dynamo().send(
    new TransactWriteCommand({
      TransactItems: [{ Update: update.input as never }, dayRecordPut(ctx, asset, day, daysOutside, keptYears)],
    }),
  );
  const zone = asset.geo_zone ? { id: asset.geo_zone.id, name: asset.geo_zone.name ?? null } : null;
  queueWebhookEvent(
    ctx,
    'loan_day.counted',
    {
      asset: { id: asset.id, name: asset.name },
      customer: asset.client ? { id: asset.client.id } : null,
      day,
      daysOutside,
      zone,
    },
    new Date(endOfAmsterdamDay(day).getTime() - 1).toISOString(),
  );
}

/** The attribute still holds the value read (null when it had none). */
const unchanged = (name: string, value: string) => `(attribute_not_exists(${name}) OR ${name} = ${value})`;

function countUpdate(
  ctx: TenantContext,
  asset: CountedAsset,
  day: string,
  counts: { outside: boolean; still: boolean },
) {
  const sets = ['#counted = :day'];
  const values: Record<string, unknown> = {
    ':day': day,
    ':version': asset.version,
    ':readDays': asset.days_outside_geo_zone ?? null,
    ':readStill': asset.days_still ?? null,
  };
  if (counts.outside) {
    const days = (asset.days_outside_geo_zone ?? 0) + 1;
    sets.push('days_outside_geo_zone = :days');
    values[':days'] = days;
    // The days-outside order's keys (tenant-wide, and the customer's when it has one): only those that moved.
    Object.entries(movedListKeys(ctx, asset, { ...asset, days_outside_geo_zone: days })).forEach(([name, key], i) => {
      sets.push(`${name} = :sk${i}`);
      values[`:sk${i}`] = key;
    });
  }
  if (counts.still) {
    sets.push('days_still = :still');
    values[':still'] = (asset.days_still ?? 0) + 1;
  }
  return new UpdateCommand({
    TableName: tableName(),
    Key: itemKey(ctx, 'ASSET', asset.id),
    UpdateExpression: `SET ${sets.join(', ')}`,
    ConditionExpression: `#version = :version AND ${unchanged('days_outside_geo_zone', ':readDays')} AND ${unchanged('days_still', ':readStill')} AND (attribute_not_exists(#counted) OR #counted < :day)`,
    ExpressionAttributeNames: { '#counted': COUNTED_FOR, '#version': 'version' },
    ExpressionAttributeValues: values,
  });
}
