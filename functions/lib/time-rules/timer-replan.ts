import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../data/client';
import { tenantPrefix } from '../data/keys';
import { queryAllPages } from '../data/query-page';
import type { TenantContext } from '../data/tenant-context';
import { planTimer, TIME_TYPES, type TimeRule, type TimeType } from './conditions';
import { firedOf, settleTimer, type TimerItem, timerPartition } from './timer-store';

/**
 * A time rule's create, change or delete moves the due times of every timer of its tenant (a shorter duration
 * is due earlier; a new rule is due for conditions that fired everything before). The rule write only leaves a
 * marker; the job's next run (or a run by hand) re-plans the tenant's timers from their stored starts in one
 * paged Query of the timer partition, then removes the marker unless a newer change replaced it.
 */
export const isTimeRule = (type: number) => (TIME_TYPES as readonly number[]).includes(type);

const replanKey = (ctx: TenantContext) => ({ pk: `${tenantPrefix(ctx)}JOB`, sk: 'TIME_RULES_REPLAN' });

export async function requestTimerReplan(ctx: TenantContext): Promise<void> {
  await dynamo().send(
    new PutCommand({ TableName: tableName(), Item: { ...replanKey(ctx), requestedAt: new Date().toISOString() } }),
  );
}

const PARALLEL = 25;

async function replanOne(ctx: TenantContext, timer: TimerItem, rules: Map<TimeType, TimeRule[]>, counts: ReplanCounts) {
  // Planned as of the epoch, so nothing fires here: firing waits for the due Query, which re-reads the asset.
  const { due } = planTimer(timer.starts, firedOf(timer), rules, new Date(0));
  if (due === timer.due) return;
  if (await settleTimer(ctx, timer, { starts: timer.starts, fired: firedOf(timer), due })) counts.replanned += 1;
}

export interface ReplanCounts {
  itemsRead: number;
  replanned: number;
}

/** Re-plans the tenant's timers when a rule change asked for it; the items read are counted in `counts`. */
export async function replanIfAsked(
  ctx: TenantContext,
  rules: Map<TimeType, TimeRule[]>,
  counts: ReplanCounts,
): Promise<void> {
  const marker = await dynamo().send(new GetCommand({ TableName: tableName(), Key: replanKey(ctx) }));
  counts.itemsRead += 1;
  const requestedAt = marker.Item?.requestedAt as string | undefined;
  if (!requestedAt) return;
  const pages = queryAllPages({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': timerPartition(ctx) },
    Limit: 500,
  });
  for await (const page of pages) {
    counts.itemsRead += page.ScannedCount ?? 0;
    const timers = (page.Items ?? []) as TimerItem[];
    // In parallel: a 100k-asset tenant's re-plan stays well inside the job's time (docs/performance.md).
    for (let start = 0; start < timers.length; start += PARALLEL)
      await Promise.all(timers.slice(start, start + PARALLEL).map((timer) => replanOne(ctx, timer, rules, counts)));
  }
  try {
    await dynamo().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: replanKey(ctx),
        ConditionExpression: 'requestedAt = :at',
        ExpressionAttributeValues: { ':at': requestedAt },
      }),
    );
  } catch (error) {
    // A rule changed while re-planning: the marker stays for the next run.
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}
