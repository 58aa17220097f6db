import { z } from 'zod';

/**
 * Asset import (docs/decisions/0332-asset-import-round-trips-the-export-per-row-behind-a-dry-run.md): the
 * export's import layout (`layout=import`) writes these columns with these headers, and the import reads them
 * back. Shared so the console, the export and the parser name the same columns.
 */
export const ASSET_IMPORT_MAX_BYTES = 4 * 1024 * 1024;
export const ASSET_IMPORT_MAX_ROWS = 10_000;
/** The longest field the asset form takes (description) is 2000 characters; a longer cell is no asset value. */
export const ASSET_IMPORT_MAX_CELL = 2000;
/** A file's problems listed at most (the first ones are enough to fix the file and try again). */
export const ASSET_IMPORT_MAX_VIOLATIONS = 50;
/**
 * The asset import worker's Lambda timeout (infra/stacks/api-stack.ts). A worker hands over to a new invocation
 * before it runs out; a running import whose last progress is older than this (and a margin) has no worker left
 * and is answered as stalled (functions/lib/asset-import/asset-import-journal.ts).
 */
export const ASSET_IMPORT_WORKER_TIMEOUT_MINUTES = 15;
/**
 * The variable that names the asset import worker's function to those that invoke it (infra/stacks/api-stack.ts
 * sets it): the import request, and a run handing a long import over to its next run when its Lambda context
 * gives no name (locally).
 */
export const ASSET_IMPORT_WORKER_FUNCTION = 'ASSET_IMPORT_WORKER_FUNCTION';

/**
 * The columns, in the file's order. `id` and `version` say which asset a row updates and which version it was
 * exported at; references come as id AND name: the id is what the import uses, the name is for the reader,
 * and a row may name a reference by its name alone (an id left blank). Lists are separated by `;`.
 */
export const ASSET_IMPORT_COLUMNS = [
  'id',
  'version',
  'name',
  'reference',
  'description',
  'scheduled',
  'status',
  'client_id',
  'client',
  'geo_zone_id',
  'geo_zone',
  'asset_profile_ids',
  'asset_profiles',
] as const;
export type AssetImportColumn = (typeof ASSET_IMPORT_COLUMNS)[number];

/** The fields a row may change, as the dry run names them. */
export const ASSET_IMPORT_FIELDS = [
  'name',
  'reference',
  'description',
  'scheduled',
  'status',
  'client',
  'geo_zone',
  'asset_profiles',
] as const;
export type AssetImportField = (typeof ASSET_IMPORT_FIELDS)[number];

/** The import's answer when the plan is no longer the dry run's (the other messages: asset-import-messages.ts). */
export const PLAN_CHANGED = 'The assets or the file changed since the dry run. Run the dry run again.';

/**
 * `layout=import` on the asset export: the ASSET_IMPORT_COLUMNS with their ids as headers and values as the
 * import reads them, whatever the list shows; `list` (the default) is the list's own columns and words.
 */
export const ASSET_EXPORT_LAYOUTS = ['list', 'import'] as const;
export const IMPORT_LAYOUT_NOT_AVAILABLE = 'The import layout is not available to you';
export const assetExportLayoutQuerySchema = z.object({
  layout: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(ASSET_EXPORT_LAYOUTS, { error: 'The layout must be list or import' }).optional(),
  ),
});

export const ASSET_IMPORT_ACTIONS = ['create', 'update', 'unchanged', 'refused'] as const;
export type AssetImportAction = (typeof ASSET_IMPORT_ACTIONS)[number];

const fieldChangeSchema = z.object({
  field: z.enum(ASSET_IMPORT_FIELDS),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type AssetImportFieldChange = z.infer<typeof fieldChangeSchema>;

const problemSchema = z.object({ column: z.string(), message: z.string() });

/** One row of the dry run: what applying it would do, the file line it starts on (header = 1). */
export const assetImportRowSchema = z.object({
  line: z.number().int().positive(),
  id: z.number().int().nullable(),
  name: z.string(),
  action: z.enum(ASSET_IMPORT_ACTIONS),
  changes: z.array(fieldChangeSchema),
  problems: z.array(problemSchema),
});
export type AssetImportRow = z.infer<typeof assetImportRowSchema>;

const countsShape = {
  create: z.number().int().nonnegative(),
  update: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
  refused: z.number().int().nonnegative(),
};

/** POST /api/assets/import/dry-run: every row's outcome and the plan's hash, which the import must send back. */
export const assetImportPlanSchema = z.object({
  plan: z.string(),
  counts: z.object(countsShape),
  rows: z.array(assetImportRowSchema),
});
export type AssetImportPlan = z.infer<typeof assetImportPlanSchema>;

/** An import's outcome once its worker applied the plan; `failed` rows met a concurrent write. */
export const assetImportResultSchema = z.object({
  counts: z.object({ ...countsShape, failed: z.number().int().nonnegative() }),
  /** Rows refused by the plan or failed while applying, with why; created rows with their new id. */
  rows: z.array(assetImportRowSchema.extend({ action: z.enum([...ASSET_IMPORT_ACTIONS, 'failed']) })),
});
export type AssetImportResult = z.infer<typeof assetImportResultSchema>;

export const PLAN_HASH_PATTERN = /^[0-9a-f]{64}$/;
export const assetImportQuerySchema = z.object({
  plan: z.string().regex(PLAN_HASH_PATTERN, { error: PLAN_CHANGED }),
});
export type AssetImportQuery = z.infer<typeof assetImportQuerySchema>;

/**
 * POST /api/assets/import?plan=<hash> (202) and GET /api/assets/import/progress?plan=<hash>: an import run by the
 * asset import worker, as its journal has it; `result` once it ended (`failed`: the run died; `stalled`: its
 * worker went quiet past its timeout; either way the rows it reached stand and the dry run shows what is left).
 */
export const assetImportProgressSchema = z.object({
  id: z.string(),
  plan: z.string(),
  status: z.enum(['running', 'done', 'failed', 'stalled']),
  total: z.number().int().nonnegative(),
  done: z.number().int().nonnegative(),
  startedAt: z.string(),
  result: assetImportResultSchema.optional(),
});
export type AssetImportProgress = z.infer<typeof assetImportProgressSchema>;
export const NO_IMPORT_OF_PLAN = 'No import of this plan was started';
