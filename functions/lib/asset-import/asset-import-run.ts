import { Logger } from '@aws-lambda-powertools/logger';
import { ASSET_IMPORT_WORKER_FUNCTION } from '../../../shared/schemas/asset-import';
import type { AssetRecord } from '../assets/asset-repository';
import { type AuthContext, authContextFromClaims } from '../auth/auth-context';
import type { RawClaims } from '../auth/claims';
import { batchGetByIds } from '../data/batch-get';
import { PartitionPacer } from '../data/partition-pace';
import { fromItem } from '../data/repository';
import { systemTenantContext } from '../data/system-context';
import type { TenantContext } from '../data/tenant-context';
import { flushQueuedEffects } from '../effects/effects';
import { invokeWorker } from '../worker-invoke';
import { applyImportRows } from './asset-import-apply';
import { type AssetImportJournal, endAssetImport, recordImportChunk } from './asset-import-journal';
import {
  claimAssetImportRun,
  HAND_OVER_MARGIN_MS,
  handOverAssetImport,
  type TimeLeft,
  timeLeftOf,
} from './asset-import-lease';
import { readRows, type WorkRow } from './asset-import-store';

/** What the import request hands the asset import worker (functions/workers/asset-import-worker.ts). */
export interface AssetImportJobEvent {
  tenantId: string;
  /** The journal's sort key (`IMPORT#<startedAt>#<plan>`): the rows are items beside it, never in the payload. */
  journal: string;
  /** The starter's verified claims: the rows are applied with exactly their rights, as their own edits would be. */
  claims: RawClaims;
  /** Which run of the import this invocation is (asset-import-lease.ts): 1, the request's, when absent. */
  run?: number;
}

const logger = new Logger({ serviceName: 'asset-import-worker' });

/** The assets a chunk updates, as stored now (one batch read per chunk, not one read per row). */
async function currentsOf(ctx: TenantContext, rows: WorkRow[]): Promise<Map<number, AssetRecord>> {
  const ids = rows.flatMap((work) => (work.row.id === null ? [] : [work.row.id]));
  const items = ids.length ? await batchGetByIds(ctx, 'ASSET', ids, { consistent: true }) : [];
  return new Map(items.map((item) => fromItem<AssetRecord>(item)).map((asset) => [asset.id, asset]));
}

/** The invocation a run is in: its time left, and the worker's own name to invoke the next run by. */
export interface WorkerInvocation {
  timeLeft: TimeLeft;
  /** The Lambda context's; locally none, and the worker's variable names it. */
  functionName?: string;
}

/**
 * Runs its run of an import once (claimAssetImportRun) with the starter's rights, rebuilt from their verified
 * claims as the export worker does. When the invocation's time runs short the run hands over to a new invocation
 * of the worker, which goes on where this one stopped.
 */
export async function runAssetImportJob(
  event: AssetImportJobEvent,
  invocation: WorkerInvocation = { timeLeft: timeLeftOf() },
): Promise<void> {
  const tenant = systemTenantContext(event.tenantId);
  logger.appendKeys({ tenant: event.tenantId, journal: event.journal, run: event.run ?? 1 });
  const journal = await claimAssetImportRun(tenant, event.journal, event.run ?? 1);
  if (!journal) return;
  await applyAssetImport(journal, () => authContextFromClaims(event.claims, event.tenantId), {
    handOver: {
      timeLeft: invocation.timeLeft,
      to: async (run) => {
        await invokeWorker<AssetImportJobEvent>(
          ASSET_IMPORT_WORKER_FUNCTION,
          { ...event, run },
          { functionName: invocation.functionName },
        );
      },
    },
  });
}

/** When and to whom a run hands over; without it a run applies every chunk left (the bench). */
export interface HandOver {
  timeLeft: TimeLeft;
  /** Invokes the worker for the journal's next run. */
  to: (run: number) => Promise<void>;
}

/**
 * A claimed import's rows from the chunk it stopped at, a chunk at a time, each chunk's created and failed rows and
 * counts recorded in one transaction, the chunk's queued effects (webhook events, live changes) flushed after it.
 * Before each chunk but its first, a run with less than HAND_OVER_MARGIN_MS left hands over instead: every run
 * applies at least a chunk, so the import always moves on. A row never throws (it is reported as failed); a
 * failure of the run itself (the starter's rights, a record) ends the journal as failed: the chunks applied before
 * stand, and the dry run again shows what is left.
 */
export async function applyAssetImport(
  journal: AssetImportJournal,
  authOf: () => Promise<AuthContext>,
  options: { concurrency?: number; handOver?: HandOver } = {},
): Promise<void> {
  const { handOver, ...rowOptions } = options;
  try {
    const auth = await authOf();
    const chunks = await readRows<WorkRow>(auth.tenant, journal.id, 'WORK');
    const pacer = new PartitionPacer();
    const first = journal.nextChunk ?? 0;
    for (let n = first; n < chunks.length; n++) {
      if (n > first && handOver && handOver.timeLeft() < HAND_OVER_MARGIN_MS) {
        logger.info('Handing over', { nextChunk: n, chunks: chunks.length });
        if (await handOverAssetImport(journal, handOver.to)) return;
        throw new Error("The import was no longer this run's to hand over");
      }
      const rows = chunks[n] as WorkRow[];
      const currents = await currentsOf(auth.tenant, rows);
      const outcome = await applyImportRows(auth, journal.facts, rows, currents, { pacer, ...rowOptions });
      await recordImportChunk(auth.tenant, journal, n, outcome);
      await flushQueuedEffects();
    }
    await endAssetImport(journal, 'done');
  } catch (error) {
    logger.error('Asset import failed', error as Error);
    await endAssetImport(journal, 'failed').catch((cause: unknown) =>
      logger.error('Could not record the failure', cause as Error),
    );
  }
}
