import { createHash } from 'node:crypto';
import { assetInputSchema, buildAssetUpdateInputSchema } from '../../../shared/schemas/asset';
import type { AssetImportFieldChange, AssetImportPlan, AssetImportRow } from '../../../shared/schemas/asset-import';
import { ASSET_IMPORT_MESSAGES as M } from '../../../shared/schemas/asset-import-messages';
import { STATUS_AFTER_CLIENT_CHANGE } from '../../../shared/schemas/asset-status';
import type { AssetRecord } from '../assets/asset-repository';
import { batchGetByIds } from '../data/batch-get';
import { fromItem } from '../data/repository';
import type { TenantContext } from '../data/tenant-context';
import type { AssetImportRecord } from './asset-import-file';
import {
  nameOf,
  type ReferenceBook,
  readReferenceBook,
  referenceCells,
  resolveOne,
  resolveProfiles,
} from './asset-import-references';

/**
 * The dry run: what each row of the file would do to the tenant's assets, worked out without writing. The
 * import runs the same planning again and applies only when the plan's hash is the one the dry run answered
 * (the file, the rows' versions and the references unchanged), so it applies exactly what was shown.
 */
export interface PlannedRow {
  row: AssetImportRow;
  /** The stored asset a row updates (its version is what the write is conditioned on). */
  current?: AssetRecord;
  /** The body of a single edit or create (shared asset schema), the columns of the file only. */
  body?: Record<string, unknown>;
}

export interface AssetImportPlanning {
  plan: AssetImportPlan;
  rows: PlannedRow[];
}

type Problems = AssetImportRow['problems'];

/** The body of the asset form from a row's cells: a column not in the file is not sent (left as stored). */
function bodyOf(record: AssetImportRecord, current: AssetRecord | undefined, book: ReferenceBook, problems: Problems) {
  const { cells } = record;
  const body: Record<string, unknown> = { name: cells.name ?? current?.name ?? '' };
  for (const key of ['reference', 'description', 'scheduled', 'status'] as const)
    if (cells[key] !== undefined) body[key] = cells[key];
  const refs = referenceCells(record);
  const client = resolveOne(book.clients, ...refs.client, { unknown: M.unknownClient, ambiguous: M.ambiguousClient });
  const zone = resolveOne(book.zones, ...refs.zone, { unknown: M.unknownGeoZone, ambiguous: M.ambiguousGeoZone });
  const profiles = resolveProfiles(book.profiles, ...refs.profiles);
  for (const [field, resolved] of [
    ['client', client],
    ['geo_zone', zone],
    ['asset_profile_definitions', profiles],
  ] as const) {
    if (resolved && 'problem' in resolved) problems.push({ column: field, message: resolved.problem });
    else if (resolved) body[field] = resolved.value;
  }
  return body;
}

const day = (value: string | null | undefined) => (value ? value.slice(0, 10) : null);
const idsText = (book: ReferenceBook, ids: readonly number[]) =>
  ids.length ? [...ids].map((id) => nameOf(book.profiles, id)).join('; ') : null;

/** The fields that differ between the stored asset and the validated row, as the reader sees them. */
function changesOf(current: AssetRecord | undefined, input: Record<string, unknown>, book: ReferenceBook) {
  const changes: AssetImportFieldChange[] = [];
  const add = (field: AssetImportFieldChange['field'], from: string | null, to: string | null) => {
    if (from !== to) changes.push({ field, from, to });
  };
  const text = (v: unknown) => (v == null || v === '' ? null : String(v));
  add('name', text(current?.name), text(input.name));
  if (input.reference !== undefined) add('reference', text(current?.reference), text(input.reference));
  if (input.description !== undefined) add('description', text(current?.description), text(input.description));
  if (input.scheduled !== undefined) add('scheduled', day(current?.scheduled), day(input.scheduled as string | null));
  const clientChanged = input.client !== undefined && (input.client ?? null) !== (current?.client?.id ?? null);
  if (input.client !== undefined)
    add('client', nameOf(book.clients, current?.client?.id), nameOf(book.clients, input.client as number | null));
  // Another customer puts the status back to registered, whatever the row says (asset-writes.ts applyReferences).
  const status = clientChanged && input.client !== null ? STATUS_AFTER_CLIENT_CHANGE : input.status;
  if (status !== undefined) add('status', text(current?.status?.status), text(status));
  if (input.geo_zone !== undefined)
    add('geo_zone', nameOf(book.zones, current?.geo_zone?.id), nameOf(book.zones, input.geo_zone as number | null));
  if (input.asset_profile_definitions !== undefined) {
    const before = (current?.asset_profile_definitions ?? []).map((d) => d.id).sort((a, b) => a - b);
    const after = [...(input.asset_profile_definitions as number[])].sort((a, b) => a - b);
    add('asset_profiles', idsText(book, before), idsText(book, after));
  }
  return changes;
}

/** The id and version cells: a row with an id updates that asset, at the version it was exported at. */
function identityOf(record: AssetImportRecord, assets: Map<number, AssetRecord>, problems: Problems) {
  const idCell = record.cells.id ?? '';
  if (idCell === '') return { id: null };
  if (!/^\d+$/.test(idCell)) {
    problems.push({ column: 'id', message: M.invalidId });
    return { id: null, broken: true };
  }
  const id = Number(idCell);
  const current = assets.get(id);
  if (!current) problems.push({ column: 'id', message: M.notFound });
  const versionCell = record.cells.version ?? '';
  if (versionCell === '') problems.push({ column: 'version', message: M.versionRequired });
  else if (!/^\d+$/.test(versionCell)) problems.push({ column: 'version', message: M.invalidVersion });
  else if (current && Number(versionCell) !== current.version)
    problems.push({ column: 'version', message: M.staleVersion });
  return { id, current };
}

function planRow(record: AssetImportRecord, assets: Map<number, AssetRecord>, book: ReferenceBook, canCreate: boolean) {
  const problems: Problems = [];
  const { id, current, broken } = identityOf(record, assets, problems) as {
    id: number | null;
    current?: AssetRecord;
    broken?: boolean;
  };
  const isCreate = id === null && !broken;
  if (isCreate && !canCreate) problems.push({ column: 'id', message: M.createNotAllowed });
  const body = bodyOf(record, current, book, problems);
  const schema = isCreate ? assetInputSchema : buildAssetUpdateInputSchema(current?.scheduled);
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    for (const issue of parsed.error.issues)
      problems.push({ column: String(issue.path[0] ?? ''), message: issue.message });
  const name = String(body.name ?? '');
  const refused = problems.length > 0 || !parsed.success || (!isCreate && !current);
  const changes = refused ? [] : changesOf(current, parsed.data as Record<string, unknown>, book);
  const action: AssetImportRow['action'] = refused
    ? 'refused'
    : isCreate
      ? 'create'
      : changes.length
        ? 'update'
        : 'unchanged';
  const row: AssetImportRow = { line: record.line, id, name, action, changes, problems };
  return { row, current, body: refused ? undefined : body };
}

/** Repeated ids: every occurrence after the first is refused (which edit was meant is unknown). */
function refuseRepeatedIds(rows: PlannedRow[]) {
  const seen = new Set<number>();
  for (const planned of rows) {
    const { id } = planned.row;
    if (id === null) continue;
    if (seen.has(id)) {
      planned.row = {
        ...planned.row,
        action: 'refused',
        changes: [],
        problems: [...planned.row.problems, { column: 'id', message: M.duplicateId }],
      };
      planned.body = undefined;
    }
    seen.add(id);
  }
}

/** The plan's fingerprint: every row's outcome and the version it was planned against. */
function planHash(ctx: TenantContext, rows: PlannedRow[]): string {
  const hash = createHash('sha256').update(String(ctx.tenantId));
  for (const { row, current, body } of rows)
    hash.update(JSON.stringify([row.line, row.id, current?.version ?? null, row.action, row.changes, body ?? null]));
  return hash.digest('hex');
}

export async function planAssetImport(
  ctx: TenantContext,
  records: AssetImportRecord[],
  canCreate: boolean,
): Promise<AssetImportPlanning> {
  const ids = [...new Set(records.flatMap((r) => (/^\d+$/.test(r.cells.id ?? '') ? [Number(r.cells.id)] : [])))];
  const [items, book] = await Promise.all([
    batchGetByIds(ctx, 'ASSET', ids, { consistent: true }),
    readReferenceBook(ctx),
  ]);
  const assets = new Map(items.map((item) => fromItem<AssetRecord>(item)).map((asset) => [asset.id, asset]));
  const rows: PlannedRow[] = records.map((record) => planRow(record, assets, book, canCreate));
  refuseRepeatedIds(rows);
  const counts = { create: 0, update: 0, unchanged: 0, refused: 0 };
  for (const { row } of rows) counts[row.action]++;
  return { plan: { plan: planHash(ctx, rows), counts, rows: rows.map((r) => r.row) }, rows };
}
