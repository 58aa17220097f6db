import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ASSET_IMPORT_WORKER_TIMEOUT_MINUTES } from '../../../shared/schemas/asset-import';
import { dynamo, tableName } from '../data/client';
import type { TenantContext } from '../data/tenant-context';
import {
  type AssetImportJournal,
  endAssetImport,
  importStalledBefore,
  journalKey,
  journalOf,
} from './asset-import-journal';

/**
 * Who applies an import's rows, one invocation at a time (docs/decisions/0332-…, "Since"). A file of 10,000 rows
 * on a slow store takes longer than the worker's Lambda timeout, so a run whose time runs short records where it
 * stopped (the journal's `nextChunk`, moved with every recorded chunk) and hands the journal to a new invocation:
 * the journal's `run` goes one up, and only the invocation of that run may claim it, once. A repeated delivery of
 * any run, or a late one of an old run, finds its number taken or gone and applies nothing.
 */

/**
 * Time a run keeps when it hands over: a chunk of 100 rows takes seconds on DynamoDB and under a minute on the
 * local stand-ins; what is left after the last chunk is for recording it and the hand-over itself.
 */
export const HAND_OVER_MARGIN_MS = 2 * 60_000;

/** Milliseconds the invocation has left. */
export type TimeLeft = () => number;

/**
 * The invocation's time left: the Lambda context's when there is one; the local Lambda stand-in
 * (scripts/local/lambda-service.ts) passes none, so the worker's own timeout counted from now.
 */
export function timeLeftOf(context?: { getRemainingTimeInMillis?: () => number }): TimeLeft {
  const remaining = context?.getRemainingTimeInMillis;
  if (typeof remaining === 'function') return () => remaining.call(context);
  const deadline = Date.now() + ASSET_IMPORT_WORKER_TIMEOUT_MINUTES * 60_000;
  return () => deadline - Date.now();
}

/** Runs `update`; false when its condition failed. */
async function conditionally(update: UpdateCommand) {
  try {
    return await dynamo().send(update);
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

/**
 * Claims run `run` of an import: the journal as claimed, or undefined when this run is not the journal's (an old
 * run's late or repeated invocation), was claimed before (a repeated one), the import ended, or it stalled (an
 * invocation Lambda held past the bound never starts behind the console's back).
 */
export async function claimAssetImportRun(
  ctx: TenantContext,
  sk: string,
  run: number,
): Promise<AssetImportJournal | undefined> {
  const now = new Date().toISOString();
  const answer = await conditionally(
    new UpdateCommand({
      TableName: tableName(),
      Key: journalKey(ctx, sk),
      UpdateExpression: 'SET claimedRun = :run, claimedAt = :now, updatedAt = :now',
      ConditionExpression:
        'attribute_exists(pk) AND #status = :running AND #run = :run AND claimedRun < :run AND updatedAt > :stalled',
      ExpressionAttributeNames: { '#status': 'status', '#run': 'run' },
      ExpressionAttributeValues: { ':run': run, ':now': now, ':running': 'running', ':stalled': importStalledBefore() },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return answer?.Attributes ? journalOf(answer.Attributes) : undefined;
}

/**
 * Passes the journal from its current run to the next and invokes the worker for it (`invoke`). The write comes
 * first: from then on this run can record nothing, and only the next may claim. An invocation that could not be
 * sent ends the import as failed (the rows applied stand; the dry run shows what is left).
 */
export async function handOverAssetImport(
  journal: AssetImportJournal,
  invoke: (run: number) => Promise<void>,
): Promise<boolean> {
  const next = journal.run + 1;
  const passed = await conditionally(
    new UpdateCommand({
      TableName: tableName(),
      Key: journal.key,
      UpdateExpression: 'SET #run = :next, updatedAt = :now',
      ConditionExpression: '#status = :running AND #run = :run',
      ExpressionAttributeNames: { '#status': 'status', '#run': 'run' },
      ExpressionAttributeValues: {
        ':next': next,
        ':run': journal.run,
        ':now': new Date().toISOString(),
        ':running': 'running',
      },
    }),
  );
  if (!passed) return false;
  try {
    await invoke(next);
  } catch (error) {
    await endAssetImport({ ...journal, run: next }, 'failed');
    throw error;
  }
  return true;
}
