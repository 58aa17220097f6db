import { Logger } from '@aws-lambda-powertools/logger';
import type { AssetRecord } from '../assets/asset-repository';
import { type AuthContext, authContextFromClaims } from '../auth/auth-context';
import type { RawClaims } from '../auth/claims';
import { batchGetByIds } from '../data/batch-get';
import { PartitionPacer } from '../data/partition-pace';
import { fromItem } from '../data/repository';
import { systemTenantContext } from '../data/system-context';
import type { TenantContext } from '../data/tenant-context';
import { flushQueuedEffects } from '../effects/effects';
import { applyImportRows } from './asset-import-apply';
import {
  type AssetImportJournal,
  claimAssetImport,
  endAssetImport,
  readAssetImportJournal,
  recordImportChunk,
} from './asset-import-journal';
import { readRows, type WorkRow } from './asset-import-store';

/** What the import request hands the asset import worker (functions/workers/asset-import-worker.ts). */
export interface AssetImportJobEvent {
  tenantId: string;
  /** The journal's sort key (`IMPORT#<startedAt>#<plan>`): the rows are items beside it, never in the payload. */
  journal: string;
  /** The starter's verified claims: the rows are applied with exactly their rights, as their own edits would be. */
  claims: RawClaims;
}

const logger = new Logger({ serviceName: 'asset-import-worker' });

/** The assets a chunk updates, as stored now (one batch read per chunk, not one read per row). */
async function currentsOf(ctx: TenantContext, rows: WorkRow[]): Promise<Map<number, AssetRecord>> {
  const ids = rows.flatMap((work) => (work.row.id === null ? [] : [work.row.id]));
  const items = ids.length ? await batchGetByIds(ctx, 'ASSET', ids, { consistent: true }) : [];
  return new Map(items.map((item) => fromItem<AssetRecord>(item)).map((asset) => [asset.id, asset]));
}

/**
 * Runs an import once (claimAssetImport) with the starter's rights, rebuilt from their verified claims as the
 * export worker does.
 */
export async function runAssetImportJob(event: AssetImportJobEvent): Promise<void> {
  const tenant = systemTenantContext(event.tenantId);
  logger.appendKeys({ tenant: event.tenantId, journal: event.journal });
  const journal = await readAssetImportJournal(tenant, event.journal);
  if (!journal || !(await claimAssetImport(journal))) return;
  await applyAssetImport(journal, () => authContextFromClaims(event.claims, event.tenantId));
}

/**
 * A claimed import's rows a chunk at a time, each chunk's created and failed rows and counts recorded in one
 * transaction, the chunk's queued effects (webhook events, live changes) flushed after it. A row never throws (it
 * is reported as failed); a failure of the run itself (the starter's rights, a record) ends the journal as
 * failed: the chunks applied before stand, and the dry run again shows what is left.
 */
export async function applyAssetImport(
  journal: AssetImportJournal,
  authOf: () => Promise<AuthContext>,
  options: { concurrency?: number } = {},
): Promise<void> {
  try {
    const auth = await authOf();
    const chunks = await readRows<WorkRow>(auth.tenant, journal.id, 'WORK');
    const pacer = new PartitionPacer();
    for (const [n, rows] of chunks.entries()) {
      const currents = await currentsOf(auth.tenant, rows);
      const outcome = await applyImportRows(auth, journal.facts, rows, currents, { pacer, ...options });
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
