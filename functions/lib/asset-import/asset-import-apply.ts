import { Logger } from '@aws-lambda-powertools/logger';
import { assetInputSchema } from '../../../shared/schemas/asset';
import type { AssetImportResult, AssetImportRow } from '../../../shared/schemas/asset-import';
import { moveOpenAlarmsOfAsset } from '../alarms/alarm-inbox';
import { emptyAsset, updateAsset } from '../assets/asset-http-writes';
import { type AssetRecord, assetRepository } from '../assets/asset-repository';
import { applyReferences, createAsset, resolveReferences } from '../assets/asset-writes';
import { auditEntryOf } from '../audit/audit-entry';
import { recordAuditEntry } from '../audit/audit-log';
import { collectChanges } from '../audit/change-notes';
import type { AuthContext } from '../auth/auth-context';
import { type PartitionPacer, writeUnits } from '../data/partition-pace';
import { conflict, HttpError } from '../http/errors';
import { actorOf } from '../pickups/actor';
import { pickupRequestedAt, queueStatusEvents } from '../pickups/status-events';
import type { ChunkOutcome, ImportRequestFacts } from './asset-import-journal';
import type { PlannedRow } from './asset-import-plan';
import type { WorkRow } from './asset-import-store';

/**
 * Applies a plan row by row: each row is the single edit's (or create's) own code path, one conditional write
 * on the version the dry run read, with its audit entry, status events, live change and alarm move. A row whose
 * asset changed meanwhile fails alone (409 of that write) and is reported; the others stand
 * (docs/decisions/0332-asset-import-round-trips-the-export-per-row-behind-a-dry-run.md). Kept apart from the
 * import's parsing and planning so that another row-by-row writer can share it; the asset import worker runs it
 * (asset-import-run.ts), with the import request's facts in each row's audit entry.
 */
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
  facts: ImportRequestFacts,
  row: AssetImportRow,
  written: Awaited<ReturnType<typeof collectChanges>>,
  id: number,
) {
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

async function applyRow(auth: AuthContext, facts: ImportRequestFacts, planned: PlannedRow, by: number | null) {
  const body = planned.body as Record<string, unknown>;
  const written = await collectChanges(() =>
    planned.current ? updateRow(auth, planned.current, body, by) : createRow(auth, body, by),
  );
  await auditRow(auth, facts, planned.row, written, written.result.id);
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

/**
 * Rows in flight by default. The bench measured 4 and 8 (docs/performance.md, "Asset import"): 8 applied a
 * quarter more creates a second locally; the pacer, not the lanes, keeps the tenant's asset partition under its
 * write units on DynamoDB.
 */
export const ROW_CONCURRENCY = 8;

/**
 * Applies a chunk of rows, paced on the tenant's asset partition, `concurrency` in flight. An update row is
 * applied on the asset as read now (`currents`) and only at the version the dry run planned it on: an asset that
 * changed since, or is gone, fails alone as its write's 409 would.
 */
export async function applyImportRows(
  auth: AuthContext,
  facts: ImportRequestFacts,
  rows: WorkRow[],
  currents: Map<number, AssetRecord>,
  options: { pacer: PartitionPacer; concurrency?: number },
): Promise<ChunkOutcome> {
  const by = actorOf(auth);
  const outcome: ChunkOutcome = { reported: [], create: 0, update: 0, failed: 0 };
  let next = 0;
  const lane = async () => {
    while (next < rows.length) {
      const work = rows[next++] as WorkRow;
      const current = work.row.id === null ? undefined : currents.get(work.row.id);
      try {
        if (work.row.action === 'update' && current?.version !== work.version) throw conflict();
        const units = current ? writeUnits(assetRepository.toItem(auth.tenant, current), true) : 2;
        await options.pacer.take(units);
        const saved = await applyRow(auth, facts, { row: work.row, current, body: work.body }, by);
        outcome[work.row.action as 'create' | 'update']++;
        if (work.row.action === 'create') outcome.reported.push({ ...work.row, id: saved.id });
      } catch (error) {
        outcome.failed++;
        outcome.reported.push(failedRow(work.row, error));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? ROW_CONCURRENCY, rows.length) }, lane));
  return outcome;
}
