import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ACCESS_PATTERNS } from '../../../shared/table';
import { dynamo, tableName } from '../data/client';
import { indexSortKey, itemKey, typePartition } from '../data/keys';
import type { TenantContext } from '../data/tenant-context';
import { earliestDue, type Fired, type Starts, TIME_TYPES, type TimeType } from './conditions';

/**
 * The asset timer (docs/data-model.md "Time rules"): one small item per asset with an active
 * time condition, beside the asset (whose gsi1-gsi7 are its sorts and the map). It holds the conditions' starts,
 * what fired for them and `rev` (every writer adds 1; the job writes conditioned on the rev it read, so a
 * concurrent uplink or save wins). While something may fire it carries gsi1 keys ordered by due time, the sparse
 * index the job Queries up to now.
 */
export const TIMER_TYPE = 'ASSET_TIMER';
export const TIMER_INDEX = ACCESS_PATTERNS.assetTimersByDueTime;

/** The fired entries are top-level attributes `fired6`…`fired9`, so a writer removes one without reading. */
export type TimerItem = {
  assetId: number;
  starts: Starts;
  rev: number;
  due?: string;
  gsi1sk?: string;
} & { [K in `fired${TimeType}`]?: NonNullable<Fired[TimeType]> };

export const firedOf = (item: TimerItem | undefined): Fired =>
  Object.fromEntries(TIME_TYPES.flatMap((type) => (item?.[`fired${type}`] ? [[type, item[`fired${type}`]]] : [])));

export const timerKey = (ctx: TenantContext, assetId: number) => itemKey(ctx, TIMER_TYPE, assetId);
export const timerPartition = (ctx: TenantContext) => typePartition(ctx, TIMER_TYPE);
export const timerDuePartition = (ctx: TenantContext) => `${typePartition(ctx, TIMER_TYPE)}#DUE`;
/** Everything due up to `now`: the entries of one instant sort after `<now>#`, so `~` closes the range. */
export const timerDueBound = (now: Date) => `${now.toISOString()}#~`;

const dueKeys = (ctx: TenantContext, assetId: number, due: string) => ({
  gsi1pk: timerDuePartition(ctx),
  gsi1sk: indexSortKey(due, assetId),
});

/**
 * A writer's change of an asset's conditions (processor, asset saves): the starts as they are now, due at the
 * earliest time a rule could fire (the job plans the exact time when it reads it), the fired entries of the
 * conditions that ended or restarted removed. No condition left: the timer goes. Answers the old item, whose
 * removed fired entries the caller clears (alarm.cleared).
 */
export async function writeTimer(
  ctx: TenantContext,
  assetId: number,
  before: Starts,
  after: Starts,
): Promise<TimerItem | undefined> {
  if (Object.keys(after).length === 0) return deleteTimer(ctx, assetId);
  const ended = TIME_TYPES.filter((type) => before[type] !== after[type]);
  const due = earliestDue(after) as string;
  const result = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: timerKey(ctx, assetId),
      UpdateExpression:
        'SET assetId = :asset, starts = :starts, due = :due, gsi1pk = :pk, gsi1sk = :sk ADD rev :one' +
        (ended.length > 0 ? ` REMOVE ${ended.map((type) => `fired${type}`).join(', ')}` : ''),
      ExpressionAttributeValues: {
        ':asset': assetId,
        ':starts': after,
        ':due': due,
        ':pk': dueKeys(ctx, assetId, due).gsi1pk,
        ':sk': dueKeys(ctx, assetId, due).gsi1sk,
        ':one': 1,
      },
      ReturnValues: 'ALL_OLD',
    }),
  );
  return result.Attributes as TimerItem | undefined;
}

/** The asset is gone, or has no condition any more: its timer with it. Answers the old item. */
export async function deleteTimer(ctx: TenantContext, assetId: number): Promise<TimerItem | undefined> {
  const result = await dynamo().send(
    new DeleteCommand({ TableName: tableName(), Key: timerKey(ctx, assetId), ReturnValues: 'ALL_OLD' }),
  );
  return result.Attributes as TimerItem | undefined;
}

/**
 * The job's write: starts as the asset shows them, what fired, and the next due time (none: out of the index),
 * conditioned on the rev it read. Answers false when a writer came in between (it wins; the next run sees it).
 */
export async function settleTimer(
  ctx: TenantContext,
  read: TimerItem,
  next: { starts: Starts; fired: Fired; due?: string },
): Promise<boolean> {
  const key = timerKey(ctx, read.assetId);
  try {
    if (Object.keys(next.starts).length === 0) {
      await dynamo().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: key,
          ConditionExpression: 'rev = :rev',
          ExpressionAttributeValues: { ':rev': read.rev },
        }),
      );
      return true;
    }
    const values: Record<string, unknown> = { ':rev': read.rev, ':starts': next.starts };
    const sets = ['starts = :starts'];
    const removes: string[] = [];
    for (const type of TIME_TYPES) {
      if (next.fired[type]) {
        sets.push(`fired${type} = :fired${type}`);
        values[`:fired${type}`] = next.fired[type];
      } else if (read[`fired${type}`]) removes.push(`fired${type}`);
    }
    if (next.due) {
      const keys = dueKeys(ctx, read.assetId, next.due);
      sets.push('due = :due', 'gsi1pk = :pk', 'gsi1sk = :sk');
      Object.assign(values, { ':due': next.due, ':pk': keys.gsi1pk, ':sk': keys.gsi1sk });
    } else removes.push('due', 'gsi1pk', 'gsi1sk');
    const update = `SET ${sets.join(', ')}${removes.length > 0 ? ` REMOVE ${removes.join(', ')}` : ''}`;
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: update,
        ConditionExpression: 'rev = :rev',
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
