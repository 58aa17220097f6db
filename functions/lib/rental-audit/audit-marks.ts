import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../data/client';
import { queryAllPages } from '../data/query-page';
import type { TenantContext } from '../data/tenant-context';
import { addDays, amsterdamDay } from '../loan-days/amsterdam-day';
import { markSortKey, marksPartition, RECHECK_DAYS } from './audit-keys';

/**
 * Late days (docs/decisions/0327-rental-audit-per-line-and-day-from-zone-visits.md): the nightly job rechecks only
 * the newest RECHECK_DAYS closed days of a line that did not change, so a fix or a visit of an older day (a tag's
 * buffer sent days later) would never reach the audit. The pipeline marks the asset's day once the event or visit
 * is stored; the job recomputes the asset's lines from that day and deletes the mark on the `markedAt` it read, so
 * a mark written again meanwhile stays for the next night.
 */
export interface AuditMark {
  assetId: number;
  day: string;
  markedAt: string;
}

/** Whether a day is older than the days the next nightly run rechecks anyway. */
export const isLateDay = (day: string, now: Date) => day < addDays(amsterdamDay(now), -(RECHECK_DAYS - 1));

/** Marks the asset's day when it is late; answers whether it wrote a mark. */
export async function markLateDay(ctx: TenantContext, assetId: number, day: string, now = new Date()) {
  if (!isLateDay(day, now)) return false;
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        pk: marksPartition(ctx),
        sk: markSortKey(assetId, day),
        entityType: 'RENTAL_AUDIT_MARK',
        tenantId: ctx.tenantId,
        assetId,
        day,
        markedAt: now.toISOString(),
      },
    }),
  );
  return true;
}

/** The tenant's marks through `lastDay` (a mark of a later day waits for the run that audits it). */
export async function readMarks(ctx: TenantContext, lastDay: string, reads: { items: number }) {
  const marks: AuditMark[] = [];
  for await (const page of queryAllPages({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': marksPartition(ctx) },
  })) {
    reads.items += page.ScannedCount ?? 0;
    for (const item of page.Items ?? []) {
      const mark = { assetId: Number(item.assetId), day: String(item.day), markedAt: String(item.markedAt) };
      if (mark.day <= lastDay) marks.push(mark);
    }
  }
  return marks;
}

/** The earliest marked day per asset. */
export function markedFromOf(marks: readonly AuditMark[]): Map<number, string> {
  const from = new Map<number, string>();
  for (const mark of marks) {
    const before = from.get(mark.assetId);
    if (!before || mark.day < before) from.set(mark.assetId, mark.day);
  }
  return from;
}

/** Deletes a mark the run has audited, unless it was written again since it was read. */
export async function clearMark(ctx: TenantContext, mark: AuditMark): Promise<boolean> {
  try {
    await dynamo().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: { pk: marksPartition(ctx), sk: markSortKey(mark.assetId, mark.day) },
        ConditionExpression: 'markedAt = :markedAt',
        ExpressionAttributeValues: { ':markedAt': mark.markedAt },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
