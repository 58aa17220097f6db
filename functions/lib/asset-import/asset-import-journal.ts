import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AssetImportProgress, AssetImportResult } from '../../../shared/schemas/asset-import';
import type { AuditFacts } from '../audit/audit-entry';
import { dynamo, tableName } from '../data/client';
import { typePartition } from '../data/keys';
import type { TenantContext } from '../data/tenant-context';
import { expiresAfterDays } from '../settings/retention-settings';
import { readResultRows, rowsItem } from './asset-import-store';

/**
 * The journal of an asset import: the job the import request hands the asset import worker, and what the console
 * follows. Written after the rows it names (asset-import-store.ts), claimed once by the worker (a second
 * invocation finds the claim and applies nothing), counted a chunk at a time in the same transaction as the
 * chunk's reported rows, ended `done` (or `failed` when the run died). Rows are applied one conditional write
 * each, so nothing is rolled back: what was applied is valid on its own, and the dry run again shows what is left.
 *
 * Item: `T#<t>#ASSET_IMPORT` / `IMPORT#<startedAt>#<plan>` with `id`, `plan`, `total`, `done`, `status`, the
 * counts, the request's audit facts; it expires after JOURNAL_DAYS, with its rows.
 */
const JOURNAL_TYPE = 'ASSET_IMPORT';
const JOURNAL_DAYS = 30;
/** A running import older than the worker's longest run (15 minutes) has died: a new one of its plan may start. */
const RUN_MAX_MS = 16 * 60_000;

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

const journalOf = (item: Record<string, unknown>): AssetImportJournal => {
  const { pk, sk, entityType: _type, tenantId: _tenant, ...fields } = item;
  return { ...(fields as Omit<AssetImportJournal, 'key'>), key: { pk: String(pk), sk: String(sk) } };
};

export async function readAssetImportJournal(ctx: TenantContext, sk: string): Promise<AssetImportJournal | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: journalKey(ctx, sk), ConsistentRead: true }),
  );
  return Item ? journalOf(Item) : undefined;
}

/** The one run of an import: false when it was claimed before (a repeated invocation) or has ended. */
export async function claimAssetImport(journal: AssetImportJournal): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: journal.key,
        UpdateExpression: 'SET claimedAt = :now',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(claimedAt) AND #status = :running',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':now': new Date().toISOString(), ':running': 'running' },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

export interface ChunkOutcome {
  /** Created (with their id) and failed rows: what the result reports of the applied rows. */
  reported: AssetImportResult['rows'];
  create: number;
  update: number;
  failed: number;
}

/** An applied chunk's reported rows and the journal's counts in one transaction: they never disagree. */
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
            UpdateExpression: 'ADD done :n, counts.#create :c, counts.#update :u, counts.failed :f',
            ConditionExpression: '#status = :running',
            ExpressionAttributeNames: { '#status': 'status', '#create': 'create', '#update': 'update' },
            ExpressionAttributeValues: {
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

export async function endAssetImport(journal: AssetImportJournal, status: 'done' | 'failed') {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: journal.key,
      UpdateExpression: 'SET #status = :status, endedAt = :at',
      ConditionExpression: '#status = :running',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':status': status, ':at': new Date().toISOString(), ':running': 'running' },
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

/** A running import of the plan that may still be at work: the same plan posted again answers it. */
export const isLive = (journal: AssetImportJournal) =>
  journal.status === 'running' && Date.now() - Date.parse(journal.startedAt) < RUN_MAX_MS;

/** What the import request and the progress route answer; the result (every reported row) once it ended. */
export async function presentAssetImport(
  ctx: TenantContext,
  journal: AssetImportJournal,
): Promise<AssetImportProgress> {
  const progress: AssetImportProgress = {
    id: journal.id,
    plan: journal.plan,
    status: journal.status,
    total: Number(journal.total),
    done: Number(journal.done),
    startedAt: journal.startedAt,
  };
  if (journal.status === 'running') return progress;
  const counts = Object.fromEntries(Object.entries(journal.counts).map(([k, v]) => [k, Number(v)]));
  return {
    ...progress,
    result: { counts: counts as AssetImportResult['counts'], rows: await readResultRows(ctx, journal.id) },
  };
}
