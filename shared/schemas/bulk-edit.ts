import { z } from 'zod';
import { assetInputSchema, assetListQuerySchema } from './asset';
import { entityIdSchema, jsonLdShape } from './common';
import { deviceListQuerySchema, deviceUpdateInputSchema } from './device';

/**
 * Bulk edit of the asset and device lists (docs/decisions/0331-bulk-edit-runs-as-a-job-one-conditional-write-per-row.md):
 * the rows a caller selected, or every row the list's filter matches, get the same fields in one job. Each
 * field is validated as the single edit validates it (the asset form's and the device form's own schemas), and
 * each row again when it is applied, as a single edit would be.
 */
export const BULK_EDIT_MAX_ROWS = 5000;
/**
 * The bulk edit worker's Lambda timeout (infra/stacks/api-stack.ts). A running job whose last progress is older
 * than this (and a margin) has no worker left: it is answered as stalled (functions/lib/bulk-edit/bulk-edit-stall.ts).
 */
export const BULK_EDIT_WORKER_TIMEOUT_MINUTES = 15;
export const BULK_EDIT_TARGETS = ['assets', 'devices'] as const;
export type BulkEditTarget = (typeof BULK_EDIT_TARGETS)[number];

export const BULK_EDIT_MESSAGES = {
  noChanges: 'Choose at least one field to change',
  tooMany: 'A bulk edit takes at most 5,000 rows: narrow the filter or the selection',
  nothingSelected: 'No row matches the selection',
  keyInvalid: 'The idempotency key is 8 to 64 letters, digits, dashes or underscores',
  keyReused: 'This idempotency key was used for another bulk edit',
  notFound: 'This row does not exist',
  conflict: 'Changed by someone else meanwhile: not applied',
  failed: 'Could not be applied',
  interrupted: 'Not applied: the job was interrupted',
  stalledNotApplied: 'Not applied: the job stopped before this row',
  stalledUnknown: 'Perhaps applied: the job stopped while applying this row; check it',
  oneSelection: 'Select rows either by their ids or by the list filter',
} as const;

/** Client-generated (a UUID in the console): the same key answers the same job and applies nothing again. */
export const idempotencyKeySchema = z.string({ error: BULK_EDIT_MESSAGES.keyInvalid }).regex(/^[A-Za-z0-9_-]{8,64}$/, {
  error: BULK_EDIT_MESSAGES.keyInvalid,
});

const selectedIdsSchema = z
  .array(entityIdSchema)
  .min(1, { error: BULK_EDIT_MESSAGES.nothingSelected })
  .max(BULK_EDIT_MAX_ROWS, { error: BULK_EDIT_MESSAGES.tooMany })
  .transform((ids) => [...new Set(ids)]);

/** Ids or a filter, never both: one object (not a union), so that a violation names its own field. */
const selectionOf = <F extends z.ZodType>(filter: F) =>
  z
    .object({ ids: selectedIdsSchema.optional(), filter: filter.optional() })
    .refine((selection) => (selection.ids === undefined) !== (selection.filter === undefined), {
      error: BULK_EDIT_MESSAGES.oneSelection,
    });

/** The list's own filter, as its query parameters: the matches are counted and refused past the bound. */
const PAGING = { page: true, itemsPerPage: true, pagination: true } as const;
export const assetBulkFilterSchema = assetListQuerySchema.omit(PAGING);
export const deviceBulkFilterSchema = deviceListQuerySchema.omit(PAGING);

const hasAChange = (changes: Record<string, unknown>) => Object.values(changes).some((value) => value !== undefined);

/** The fields a bulk edit of assets may set, each as the asset form validates it. */
export const assetBulkChangesSchema = assetInputSchema
  .pick({ client: true, status: true, asset_profile_definitions: true, geo_zone: true, scheduled: true })
  .refine(hasAChange, { error: BULK_EDIT_MESSAGES.noChanges });
export type AssetBulkChanges = z.infer<typeof assetBulkChangesSchema>;

/** The device profiles, as the device form validates them. */
export const deviceBulkChangesSchema = deviceUpdateInputSchema
  .pick({ device_profiles: true })
  .refine(hasAChange, { error: BULK_EDIT_MESSAGES.noChanges });
export type DeviceBulkChanges = z.infer<typeof deviceBulkChangesSchema>;

export const ASSET_BULK_FIELDS = ['client', 'status', 'asset_profile_definitions', 'geo_zone', 'scheduled'] as const;
export const DEVICE_BULK_FIELDS = ['device_profiles'] as const;

/** POST /api/assets/bulk-edit */
export const assetBulkEditInputSchema = z.object({
  idempotency_key: idempotencyKeySchema,
  selection: selectionOf(assetBulkFilterSchema),
  changes: assetBulkChangesSchema,
});
export type AssetBulkEditInput = z.input<typeof assetBulkEditInputSchema>;

/** POST /api/devices/bulk-edit */
export const deviceBulkEditInputSchema = z.object({
  idempotency_key: idempotencyKeySchema,
  selection: selectionOf(deviceBulkFilterSchema),
  changes: deviceBulkChangesSchema,
});
export type DeviceBulkEditInput = z.input<typeof deviceBulkEditInputSchema>;

/** `unknown`: a stalled job's worker stopped while applying the row's chunk, whose results it never recorded. */
export const BULK_EDIT_OUTCOMES = ['done', 'refused', 'unknown'] as const;
export const bulkEditRowSchema = z.object({
  id: entityIdSchema,
  outcome: z.enum(BULK_EDIT_OUTCOMES),
  /** Why a row was refused (the single edit's message: a field's violation, not found, a conflict) or is unknown. */
  reason: z.string().optional(),
});
export type BulkEditRow = z.infer<typeof bulkEditRowSchema>;

/** `stalled` is never stored: a running job without progress for longer than its worker can live is answered so. */
export const BULK_EDIT_STATUSES = ['running', 'done', 'failed', 'stalled'] as const;
export type BulkEditStatus = (typeof BULK_EDIT_STATUSES)[number];
export type StoredBulkEditStatus = Exclude<BulkEditStatus, 'stalled'>;

/** A job as its starter follows it: progress while running, every row's result once done. */
export const bulkEditJobSchema = z.object({
  ...jsonLdShape,
  id: z.string(),
  target: z.enum(BULK_EDIT_TARGETS),
  status: z.enum(BULK_EDIT_STATUSES),
  total: z.number().int().nonnegative(),
  done: z.number().int().nonnegative(),
  refused: z.number().int().nonnegative(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The rows' results so far, in the order they were applied. */
  rows: z.array(bulkEditRowSchema),
});
export type BulkEditJob = z.infer<typeof bulkEditJobSchema>;

export const bulkEditJobParamsSchema = z.object({ jobId: z.string() });
