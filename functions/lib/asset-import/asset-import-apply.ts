import { Logger } from '@aws-lambda-powertools/logger';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { assetInputSchema } from '../../../shared/schemas/asset';
import type { AssetImportResult, AssetImportRow } from '../../../shared/schemas/asset-import';
import { moveOpenAlarmsOfAsset } from '../alarms/alarm-inbox';
import { emptyAsset, updateAsset } from '../assets/asset-http-writes';
import { type AssetRecord, assetRepository } from '../assets/asset-repository';
import { applyReferences, createAsset, resolveReferences } from '../assets/asset-writes';
import { auditEntryOf, requestFactsOf } from '../audit/audit-entry';
import { recordAuditEntry } from '../audit/audit-log';
import { collectChanges } from '../audit/change-notes';
import type { AuthContext } from '../auth/auth-context';
import { PartitionPacer, writeUnits } from '../data/partition-pace';
import { flushQueuedEffects } from '../effects/effects';
import { HttpError } from '../http/errors';
import { actorOf } from '../pickups/actor';
import { pickupRequestedAt, queueStatusEvents } from '../pickups/status-events';
import { beginAssetImport, endAssetImport, noteAssetImportProgress } from './asset-import-journal';
import type { PlannedRow } from './asset-import-plan';

/**
 * Applies a plan row by row: each row is the single edit's (or create's) own code path, one conditional write
 * on the version the dry run read, with its audit entry, status events, live change and alarm move. A row whose
 * asset changed meanwhile fails alone (409 of that write) and is reported; the others stand
 * (docs/decisions/0332-asset-import-round-trips-the-export-per-row-behind-a-dry-run.md). Kept apart from the
 * import's parsing and planning so that another row-by-row writer can share it.
 */
const WRITE_CONCURRENCY = 4;
/** The journal's progress is written every this many rows. */
const PROGRESS_EVERY = 250;
/** Effects queued by the rows leave at checkpoints, not all at the end of a 10,000-row request. */
const FLUSH_EVERY = 500;

type Event = Pick<APIGatewayProxyEventV2, 'rawPath' | 'requestContext' | 'headers'>;

async function createRow(auth: AuthContext, body: Record<string, unknown>, by: number | null) {
  const input = assetInputSchema.parse(body);
  const refs = await resolveReferences(auth.tenant, input);
  const data = await applyReferences(
    auth.tenant,
    {
      ...emptyAsset(),
      name: input.name,
      reference: input.reference ?? null,
      description: input.description ?? null,
      scheduled: input.scheduled ?? null,
    },
    refs,
  );
  const created = await createAsset(auth.tenant, data, refs.devices, input.asset_profile_definitions, by);
  queueStatusEvents(auth.tenant, { ...created, status: null }, created, by, { at: new Date().toISOString() });
  return created;
}

/** The assets.update route's work on one asset (functions/http/assets.ts), at the version of the plan. */
async function updateRow(auth: AuthContext, current: AssetRecord, body: Record<string, unknown>, by: number | null) {
  const requestedAt = await pickupRequestedAt(auth.tenant, current);
  const saved = await updateAsset(auth.tenant, current, body, by);
  queueStatusEvents(auth.tenant, current, saved, by, { at: new Date().toISOString(), requestedAt });
  const after = saved.client?.id ?? null;
  if (after !== (current.client?.id ?? null)) await moveOpenAlarmsOfAsset(auth.tenant, current.id, { clientId: after });
  return saved;
}

/** One audit entry per applied row, as a single edit has one, named after the import and the file line. */
async function auditRow(
  auth: AuthContext,
  event: Event,
  row: AssetImportRow,
  written: Awaited<ReturnType<typeof collectChanges>>,
  id: number,
) {
  const facts = requestFactsOf(event);
  const entry = auditEntryOf({
    ...facts,
    requestId: `${facts.requestId}:${row.line}`,
    route: { id: 'assets.import', method: 'POST' },
    params: { id: String(id) },
    auth,
    status: row.action === 'create' ? 201 : 200,
    answer: { id },
    changes: written.changes,
    moreChanges: written.moreChanges,
  });
  await recordAuditEntry(auth.tenant, entry);
}

async function applyRow(auth: AuthContext, event: Event, planned: PlannedRow, by: number | null) {
  const body = planned.body as Record<string, unknown>;
  const written = await collectChanges(() =>
    planned.current ? updateRow(auth, planned.current, body, by) : createRow(auth, body, by),
  );
  await auditRow(auth, event, planned.row, written, written.result.id);
  return written.result;
}

const logger = new Logger({ serviceName: 'asset-import' });

/** A row that met a 409 (or another refusal) is reported; anything else is logged too: it is a fault, not data. */
const failedRow = (row: AssetImportRow, error: unknown): AssetImportResult['rows'][number] => {
  if (!(error instanceof HttpError)) logger.error('Asset import row not saved', { line: row.line, error });
  return failedRowOf(row, error);
};

const failedRowOf = (row: AssetImportRow, error: unknown): AssetImportResult['rows'][number] => ({
  ...row,
  action: 'failed',
  changes: [],
  problems: [{ column: '', message: error instanceof HttpError ? error.message : 'The row could not be saved.' }],
});

/** Applies the rows to create or update, paced on the tenant's asset partition, four in flight. */
export async function applyAssetImport(
  auth: AuthContext,
  event: Event,
  plan: string,
  rows: PlannedRow[],
): Promise<AssetImportResult> {
  const by = actorOf(auth);
  const work = rows.filter((r) => r.row.action === 'create' || r.row.action === 'update');
  const journal = await beginAssetImport(auth.tenant, plan, work.length, by);
  const reported: AssetImportResult['rows'] = rows.filter((r) => r.row.action === 'refused').map((r) => r.row);
  const counts = { create: 0, update: 0, unchanged: 0, refused: reported.length, failed: 0 };
  counts.unchanged = rows.filter((r) => r.row.action === 'unchanged').length;
  const pacer = new PartitionPacer();
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < work.length) {
      const planned = work[next++] as PlannedRow;
      const units = planned.current ? writeUnits(assetRepository.toItem(auth.tenant, planned.current), true) : 2;
      await pacer.take(units);
      try {
        const saved = await applyRow(auth, event, planned, by);
        counts[planned.row.action as 'create' | 'update']++;
        if (planned.row.action === 'create') reported.push({ ...planned.row, id: saved.id });
      } catch (error) {
        counts.failed++;
        reported.push(failedRow(planned.row, error));
      }
      done++;
      if (done % PROGRESS_EVERY === 0) await noteAssetImportProgress(journal, done);
      if (done % FLUSH_EVERY === 0) await flushQueuedEffects();
    }
  };
  await Promise.all(Array.from({ length: WRITE_CONCURRENCY }, worker));
  await endAssetImport(journal, counts);
  reported.sort((a, b) => a.line - b.line);
  return { counts, rows: reported };
}
