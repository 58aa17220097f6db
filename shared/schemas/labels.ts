import { z } from 'zod';
import { entityIdSchema } from './common';

/**
 * Printable labels of selected assets or devices (functions/lib/labels/): a QR code of the item's console page
 * and a Code 128 barcode of its DevEUI or reference, laid out on a common label sheet. Decision:
 * docs/decisions/0326-printable-labels-are-drawn-as-vectors-in-the-request.md.
 */
export const LABEL_SHEETS = ['a4-3x8', 'a4-2x7', 'roll-62x29'] as const;
export type LabelSheetName = (typeof LABEL_SHEETS)[number];

/** One request's labels: a selection, not a list export (a sheet of a thousand labels is ~42 A4 pages). */
export const MAX_LABELS = 1000;
export const TOO_MANY_LABELS = `At most ${MAX_LABELS} labels at a time`;
export const NO_LABELS = 'Select at least one item';
/** As a 404 says it: an id of another tenant or customer reads exactly as one that never existed. */
export const LABEL_ITEM_NOT_FOUND = 'Not Found';

export const labelRequestSchema = z.object({
  ids: z
    .array(entityIdSchema)
    .min(1, NO_LABELS)
    // An id given twice prints twice (two labels for one reel, its drum and its case).
    .max(MAX_LABELS, TOO_MANY_LABELS),
  sheet: z.enum(LABEL_SHEETS),
});
export type LabelRequest = z.infer<typeof labelRequestSchema>;

/** The PDF inline (base64), as a synchronous export answers a small file. */
export const labelFileSchema = z.object({
  fileName: z.string(),
  mimeType: z.literal('application/pdf'),
  size: z.number().int(),
  labels: z.number().int(),
  data: z.string(),
});
export type LabelFile = z.infer<typeof labelFileSchema>;
