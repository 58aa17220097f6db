import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { AssetImportResult, AssetImportRow } from '../../../shared/schemas/asset-import';
import { dynamo, tableName } from '../data/client';
import { typePartition } from '../data/keys';
import { queryAllPages } from '../data/query-page';
import type { TenantContext } from '../data/tenant-context';

/**
 * The rows of an asset import kept beside its journal (asset-import-journal.ts), in the same partition: the worker
 * is invoked with the journal's key only, since a 10,000-row plan is megabytes and an asynchronous invocation
 * carries at most 256 KB. Items `ROWS#<jobId>#<kind>#<nnnn>`, each a chunk of rows under DynamoDB's 400 KB item:
 *  - `WORK`: the rows to apply (create or update), with the body and the version the dry run planned them on;
 *  - `REFUSED`: the plan's refused rows, reported with the result;
 *  - `DONE`: the rows the worker reported (created with their id, failed with why), one chunk per applied chunk.
 * They expire with the journal.
 */
export const ROWS_TYPE = 'ASSET_IMPORT';
export type RowsKind = 'WORK' | 'REFUSED' | 'DONE';

/** A row to apply: the dry run's row, the single edit's body and, for an update, the version it was planned on. */
export interface WorkRow {
  row: AssetImportRow;
  body: Record<string, unknown>;
  version: number | null;
}

/** Far under 400 KB: a chunk's JSON is measured, the item's attribute names and keys come on top. */
const CHUNK_BYTES = 300_000;
/** Rows per chunk at most: the worker applies and reports a chunk at a time, its progress moves by this. */
export const ROWS_PER_CHUNK = 100;

export const rowsKey = (ctx: TenantContext, jobId: string, kind: RowsKind, chunk: number) => ({
  pk: typePartition(ctx, ROWS_TYPE),
  sk: `ROWS#${jobId}#${kind}#${String(chunk).padStart(4, '0')}`,
});

/** Rows cut into chunks of at most ROWS_PER_CHUNK rows and CHUNK_BYTES of JSON (a row holds cells of 2,000). */
export function chunksOf<T>(rows: T[]): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const row of rows) {
    const size = Buffer.byteLength(JSON.stringify(row));
    if (current.length && (current.length >= ROWS_PER_CHUNK || bytes + size > CHUNK_BYTES)) {
      chunks.push(current);
      current = [];
      bytes = 0;
    }
    current.push(row);
    bytes += size;
  }
  if (current.length) chunks.push(current);
  return chunks;
}

export const rowsItem = (
  ctx: TenantContext,
  jobId: string,
  kind: RowsKind,
  chunk: number,
  rows: unknown[],
  expiresAt: number,
) => ({ ...rowsKey(ctx, jobId, kind, chunk), entityType: ROWS_TYPE, tenantId: ctx.tenantId, rows, expiresAt });

/** Writes rows as chunks of their kind (before the journal names them: nothing names a half-written set). */
export async function storeRows(ctx: TenantContext, jobId: string, kind: RowsKind, rows: unknown[], expiresAt: number) {
  const chunks = chunksOf(rows);
  await Promise.all(
    chunks.map((chunk, n) =>
      dynamo().send(new PutCommand({ TableName: tableName(), Item: rowsItem(ctx, jobId, kind, n, chunk, expiresAt) })),
    ),
  );
  return chunks.length;
}

/** Every chunk of a kind, in order. */
export async function readRows<T>(ctx: TenantContext, jobId: string, kind: RowsKind): Promise<T[][]> {
  const chunks: T[][] = [];
  const pages = queryAllPages({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': typePartition(ctx, ROWS_TYPE), ':prefix': `ROWS#${jobId}#${kind}#` },
    ConsistentRead: true,
  });
  for await (const page of pages) for (const item of page.Items ?? []) chunks.push(item.rows as T[]);
  return chunks;
}

/** What the import answers once it ended: the refused rows of the plan and the worker's created and failed rows. */
export async function readResultRows(ctx: TenantContext, jobId: string): Promise<AssetImportResult['rows']> {
  const [refused, done] = await Promise.all([
    readRows<AssetImportResult['rows'][number]>(ctx, jobId, 'REFUSED'),
    readRows<AssetImportResult['rows'][number]>(ctx, jobId, 'DONE'),
  ]);
  return [...refused.flat(), ...done.flat()].sort((a, b) => a.line - b.line);
}
