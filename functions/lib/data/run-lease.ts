import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand, type UpdateCommandOutput } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './client';

/**
 * What a worker that hands its remaining work to a new invocation of itself needs whatever its work is (the asset
 * import's lease, functions/lib/asset-import/asset-import-lease.ts; the loan-day worker's,
 * functions/lib/loan-days/loan-day-lease.ts): the invocation's time left, the margin at which it hands over, and
 * the conditional write that passes the item's `run` on, so that only the invocation of that run works it.
 */

/**
 * Time a run keeps when it hands over: a step between two saved positions (a chunk of 100 rows, a page of 100
 * assets, ten assets' audit) takes seconds on DynamoDB and under a minute on the local stand-ins; what is left
 * after the last step is for recording it and the hand-over itself.
 */
export const HAND_OVER_MARGIN_MS = 2 * 60_000;

/** Milliseconds the invocation has left. */
export type TimeLeft = () => number;

/**
 * The invocation's time left: the Lambda context's when there is one; the local Lambda stand-in
 * (scripts/local/lambda-service.ts) passes none, so the worker's own timeout counted from now.
 */
export function timeLeftOf(
  context: { getRemainingTimeInMillis?: () => number } | undefined,
  timeoutMinutes: number,
): TimeLeft {
  const remaining = context?.getRemainingTimeInMillis;
  if (typeof remaining === 'function') return () => remaining.call(context);
  const deadline = Date.now() + timeoutMinutes * 60_000;
  return () => deadline - Date.now();
}

/** Runs `update`; undefined when its condition failed. */
export async function conditionally(update: UpdateCommand): Promise<UpdateCommandOutput | undefined> {
  try {
    return await dynamo().send(update);
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

/** What else a pass of the run checks (`condition`, with its `names` and `values`) and removes (`remove`). */
export interface RunGuard {
  condition?: string;
  names?: Record<string, string>;
  values?: Record<string, unknown>;
  remove?: string;
}

/**
 * Passes item `key` from run `run` to the next, on the condition that it is still `run`'s (and `guard.condition`):
 * from then on only the next run's invocation works it. False when the item was no longer this run's.
 */
export async function passRun(key: { pk: string; sk: string }, run: number, guard: RunGuard = {}): Promise<boolean> {
  const passed = await conditionally(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: `SET #run = :next, updatedAt = :now${guard.remove ? ` REMOVE ${guard.remove}` : ''}`,
      ConditionExpression: `#run = :run${guard.condition ? ` AND ${guard.condition}` : ''}`,
      ExpressionAttributeNames: { '#run': 'run', ...guard.names },
      ExpressionAttributeValues: { ':next': run + 1, ':run': run, ':now': new Date().toISOString(), ...guard.values },
    }),
  );
  return passed !== undefined;
}
