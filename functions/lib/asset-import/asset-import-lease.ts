import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ASSET_IMPORT_WORKER_TIMEOUT_MINUTES } from '../../../shared/schemas/asset-import';
import { tableName } from '../data/client';
import {
  conditionally,
  HAND_OVER_MARGIN_MS,
  timeLeftOf as invocationTimeLeft,
  passRun,
  type TimeLeft,
} from '../data/run-lease';
import type { TenantContext } from '../data/tenant-context';
import {
  type AssetImportJournal,
  endAssetImport,
  importStalledBefore,
  journalKey,
  journalOf,
} from './asset-import-journal';

export { HAND_OVER_MARGIN_MS, type TimeLeft };

/**
 * Who applies an import's rows, one invocation at a time (docs/decisions/0332-…, "Since"). A file of 10,000 rows
 * on a slow store takes longer than the worker's Lambda timeout, so a run whose time runs short records where it
 * stopped (the journal's `nextChunk`, moved with every recorded chunk) and hands the journal to a new invocation:
 * the journal's `run` goes one up, and only the invocation of that run may claim it, once. A repeated delivery of
 * any run, or a late one of an old run, finds its number taken or gone and applies nothing.
 */

/** The asset import worker's time left (its context's, or its timeout counted from now). */
export const timeLeftOf = (context?: { getRemainingTimeInMillis?: () => number }): TimeLeft =>
  invocationTimeLeft(context, ASSET_IMPORT_WORKER_TIMEOUT_MINUTES);

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
  const passed = await passRun(journal.key, journal.run, {
    condition: '#status = :running',
    names: { '#status': 'status' },
    values: { ':running': 'running' },
  });
  if (!passed) return false;
  try {
    await invoke(next);
  } catch (error) {
    await endAssetImport({ ...journal, run: next }, 'failed');
    throw error;
  }
  return true;
}
