import { PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  ASSET_IMPORT_WORKER_TIMEOUT_MINUTES,
  type AssetImportProgress,
  type AssetImportResult,
} from '../../../shared/schemas/asset-import';
import type { AuditFacts } from '../audit/audit-entry';
import { stalledAfterMs, stalledBefore } from '../bulk-edit/bulk-edit-stall';
import { dynamo, tableName } from '../data/client';
import { typePartition } from '../data/keys';
import type { TenantContext } from '../data/tenant-context';
import { expiresAfterDays } from '../settings/retention-settings';
import { readResultRows, rowsItem } from './asset-import-store';

/**
 * The journal of an asset import: the job the import request hands the asset import worker, and what the console
 * follows. Written after the rows it names (asset-import-store.ts), run by one worker invocation at a time: run 1
 * is the request's, and a run whose time runs short hands over to the next (asset-import-lease.ts). Counted a chunk
 * at a time in the same transaction as the chunk's reported rows, with the chunk to go on from; ended `done` (or
 * `failed` when the run died). Rows are applied one conditional write each, so nothing is rolled back: what was
 * applied is valid on its own, and the dry run again shows what is left.
 *
 * Item: `T#<t>#ASSET_IMPORT` / `IMPORT#<startedAt>#<plan>` with `id`, `plan`, `total`, `done`, `status`, the
 * counts, the request's audit facts, `run` (the invocation that may apply), `claimedRun` (the last that claimed
 * it), `nextChunk` and `updatedAt` (its last progress); it expires after JOURNAL_DAYS, with its rows.
 */
const JOURNAL_TYPE = 'ASSET_IMPORT';
const JOURNAL_DAYS = 30;
/**
 * A running import whose last progress is older than the worker's timeout and a margin has no worker left: each
 * run moves `updatedAt` when it claims the journal, with every chunk it records and when it hands over. It is
 * answered as stalled, a new import of its plan may start, and a late invocation no longer claims it. The bound
 * is bulk edit's (functions/lib/bulk-edit/bulk-edit-stall.ts), on this worker's timeout.
 */
export const ASSET_IMPORT_STALLED_MS = stalledAfterMs(ASSET_IMPORT_WORKER_TIMEOUT_MINUTES);

export type ImportRequestFacts = Pick<AuditFacts, 'path' | 'requestId' | 'receivedAt' | 'ip' | 'userAgent'>;

export interface AssetImportJournal {
  key: { pk: string; sk: string };
  id: string;
  plan: string;
  status: AssetImportProgress['status'];
  total: number;
  done: number;
  startedAt: string;
  expiresAt: number;
  by: number | null;
  facts: ImportRequestFacts;
  counts: AssetImportResult['counts'];
  /** The invocation that may apply rows: 1 for the request's, one more at each hand-over. */
  run: number;
  /** The last run that claimed the journal (0 before the first). */
  claimedRun: number;
  /** The first chunk of WORK rows not yet recorded: where the next run goes on. */
  nextChunk: number;
  /** The last progress: the request, a claim, a recorded chunk, a hand-over. */
  updatedAt: string;
  claimedAt?: string;
}

const partition = (ctx: TenantContext) => typePartition(ctx, JOURNAL_TYPE);
export const journalKey = (ctx: TenantContext, sk: string) => ({ pk: partition(ctx), sk });

export interface NewAssetImport {
  id: string;
  plan: string;
  total: number;
  by: number | null;
  facts: ImportRequestFacts;
  counts: Pick<AssetImportResult['counts'], 'unchanged' | 'refused'>;
  startedAt: string;
}

export const importExpiry = (startedAt: string) => expiresAfterDays(startedAt, JOURNAL_DAYS);

export async function beginAssetImport(ctx: TenantContext, input: NewAssetImport): Promise<AssetImportJournal> {
  const key = journalKey(ctx, `IMPORT#${input.startedAt}#${input.plan}`);
  const journal: AssetImportJournal = {
    ...input,
    key,
    status: 'running',
    done: 0,
    run: 1,
    claimedRun: 0,
    nextChunk: 0,
    updatedAt: input.startedAt,
    expiresAt: importExpiry(input.startedAt),
    counts: { create: 0, update: 0, failed: 0, ...input.counts },
  };
  const { key: _key, ...fields } = journal;
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...fields, ...key, entityType: JOURNAL_TYPE, tenantId: ctx.tenantId },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return journal;
}

export const journalOf = (item: Record<string, unknown>): AssetImportJournal => {
  const { pk, sk, entityType: _type, tenantId: _tenant, ...fields } = item;
  return { ...(fields as Omit<AssetImportJournal, 'key'>), key: { pk: String(pk), sk: String(sk) } };
};

export interface ChunkOutcome {
  /** Created (with their id) and failed rows: what the result reports of the applied rows. */
  reported: AssetImportResult['rows'];
  create: number;
  update: number;
  failed: number;
}

/**
 * An applied chunk's reported rows, the journal's counts and the chunk to go on from in one transaction: they never
 * disagree. Only the journal's current run records.
 */
export async function recordImportChunk(
  ctx: TenantContext,
  journal: AssetImportJournal,
  chunk: number,
  outcome: ChunkOutcome,
) {
  const applied = outcome.create + outcome.update + outcome.failed;
  const rows = rowsItem(ctx, journal.id, 'DONE', chunk, outcome.reported, journal.expiresAt);
  await dynamo().send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: tableName(), Item: rows, ConditionExpression: 'attribute_not_exists(pk)' } },
        {
          Update: {
            TableName: tableName(),
            Key: journal.key,
            UpdateExpression:
              'SET nextChunk = :next, updatedAt = :now ADD done :n, counts.#create :c, counts.#update :u, counts.failed :f',
            ConditionExpression: '#status = :running AND #run = :run',
            ExpressionAttributeNames: { '#status': 'status', '#run': 'run', '#create': 'create', '#update': 'update' },
            ExpressionAttributeValues: {
              ':next': chunk + 1,
              ':now': new Date().toISOString(),
              ':run': journal.run,
              ':n': applied,
              ':c': outcome.create,
              ':u': outcome.update,
              ':f': outcome.failed,
              ':running': 'running',
            },
          },
        },
      ],
    }),
  );
}

/** Ends an import; only its current run does (a run that handed over has nothing more to say). */
export async function endAssetImport(journal: AssetImportJournal, status: 'done' | 'failed') {
  const now = new Date().toISOString();
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: journal.key,
      UpdateExpression: 'SET #status = :status, endedAt = :at, updatedAt = :at',
      ConditionExpression: '#status = :running AND #run = :run',
      ExpressionAttributeNames: { '#status': 'status', '#run': 'run' },
      ExpressionAttributeValues: { ':status': status, ':at': now, ':running': 'running', ':run': journal.run },
    }),
  );
}

/**
 * The newest import of a plan. Journals of a tenant are few (one per import, expiring after JOURNAL_DAYS) and
 * small (their rows are items of their own): the newest first, a page is enough.
 */
export async function newestAssetImport(ctx: TenantContext, plan: string): Promise<AssetImportJournal | undefined> {
  const result = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': partition(ctx), ':prefix': 'IMPORT#' },
      ScanIndexForward: false,
      ConsistentRead: true,
    }),
  );
  const item = (result.Items ?? []).find((journal) => journal.plan === plan);
  return item ? journalOf(item) : undefined;
}

/** The oldest last progress a running import may have and still have a worker. */
export const importStalledBefore = (now = Date.now()) => stalledBefore(now, ASSET_IMPORT_STALLED_MS);

/** A running import without progress past the bound: its worker is gone. Journals from before `updatedAt` too. */
export const isImportStalled = (journal: AssetImportJournal, now = Date.now()) =>
  journal.status === 'running' &&
  (journal.updatedAt ?? journal.claimedAt ?? journal.startedAt) < importStalledBefore(now);

/** A running import of the plan that may still be at work: the same plan posted again answers it. */
export const isLive = (journal: AssetImportJournal) => journal.status === 'running' && !isImportStalled(journal);

/**
 * What the import request and the progress route answer; the result (every reported row) once it ended, or once it
 * stalled: then the rows its recorded chunks reported, the rest left as they were (the dry run shows them).
 */
export async function presentAssetImport(
  ctx: TenantContext,
  journal: AssetImportJournal,
): Promise<AssetImportProgress> {
  const progress: AssetImportProgress = {
    id: journal.id,
    plan: journal.plan,
    status: isImportStalled(journal) ? 'stalled' : journal.status,
    total: Number(journal.total),
    done: Number(journal.done),
    startedAt: journal.startedAt,
  };
  if (progress.status === 'running') return progress;
  const counts = Object.fromEntries(Object.entries(journal.counts).map(([k, v]) => [k, Number(v)]));
  return {
    ...progress,
    result: { counts: counts as AssetImportResult['counts'], rows: await readResultRows(ctx, journal.id) },
  };
}
