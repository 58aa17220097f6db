import { z } from 'zod';
import { geoZoneRefSchema } from './geo-zone';

/**
 * A delivered / empty report checked against the asset's tag (GET /api/assets/{id}/report-check; rule in
 * docs/decisions/0324-delivered-and-empty-reports-checked-against-the-tag.md). Both reports say the asset
 * stands at the customer, away from its depot (its own geo zone): the tag's accepted fixes within the
 * tolerance around the report's time agree, disagree or say nothing.
 */

/**
 * Two hours each side of the report: a still tag reports at least every hour or two (a heartbeat), so the window
 * holds a fix on each side of the report from most tags, while a reel is rarely delivered and fetched back
 * again within it.
 */
export const REPORT_CHECK_TOLERANCE_MS = 2 * 3_600_000;
/** Late uplinks (network retries, a queue catching up) land within minutes; then the answer no longer changes. */
export const REPORT_CHECK_SETTLE_MS = 15 * 60_000;
/** The fixes kept as evidence: those nearest the report's time (a tag on the move may report every minute). */
export const REPORT_CHECK_MAX_FIXES = 50;

export const DELIVERY_REPORT_KINDS = ['delivered', 'empty'] as const;
export const deliveryReportKindSchema = z.enum(DELIVERY_REPORT_KINDS);
export type DeliveryReportKind = z.infer<typeof deliveryReportKindSchema>;

/**
 * The phone's own position when a person reported from it (the scan screen, web/src/scan/): a second witness
 * beside the tag's fixes, kept with the report and shown in its evidence (docs/decisions/0329). Bounded: a
 * browser's accuracy is metres to kilometres, never more than the 100 km a country-wide cell fix can be.
 */
export const PHONE_ACCURACY_MAX_M = 100_000;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;
export const PHONE_POSITION_TIME_INVALID = 'Must be a date and time with its zone (ISO 8601)';
export const phonePositionSchema = z
  .object({
    lat: z.number().min(-90).max(90),
    lon: z.number().min(-180).max(180),
    accuracy_m: z.number().min(0).max(PHONE_ACCURACY_MAX_M),
    // A pattern, not zod's datetime(): the OpenAPI document carries patterns, while a "date-time" format is one
    // the contract check's validator does not know. Date.parse refuses a 25th hour or a 13th month.
    at: z
      .string()
      .regex(ISO_DATE_TIME, { error: PHONE_POSITION_TIME_INVALID })
      .refine((value) => !Number.isNaN(Date.parse(value)), { error: PHONE_POSITION_TIME_INVALID }),
  })
  .strict();
export type PhonePosition = z.infer<typeof phonePositionSchema>;

export const REPORT_CHECK_RESULTS = ['agree', 'disagree', 'no-data'] as const;
export const reportCheckResultSchema = z.enum(REPORT_CHECK_RESULTS);
export type ReportCheckResult = z.infer<typeof reportCheckResultSchema>;

/**
 * Why the answer is what it is: `away` a fix away from the depot (agree); `at-depot` fixes at the depot only
 * (disagree); no data because there were no fixes, only fixes whose accuracy circle crosses the depot's border,
 * only fixes at the depot before a delivered report (it may have left since), the asset has no depot, or the
 * report's time is unknown (a delivered report made before reports were kept).
 */
export const REPORT_CHECK_REASONS = [
  'away',
  'at-depot',
  'no-fixes',
  'border-only',
  'before-only',
  'no-depot',
  'unknown-time',
] as const;
export const reportCheckReasonSchema = z.enum(REPORT_CHECK_REASONS);
export type ReportCheckReason = z.infer<typeof reportCheckReasonSchema>;

/**
 * Where a fix puts the asset, its accuracy circle counted: `depot` wholly inside the depot zone, `away` wholly
 * outside it, `border` when the circle crosses the border (it proves neither).
 */
export const fixPlaceSchema = z.enum(['depot', 'away', 'border']);
export type FixPlace = z.infer<typeof fixPlaceSchema>;

export const reportCheckFixSchema = z.object({
  at: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** Accuracy radius in metres; null when the position came without one (taken as exact). */
  radius: z.number().nullable(),
  source: z.enum(['gnss', 'wifi', 'network']).nullable(),
  /** Metres from the fix to the depot zone, 0 inside it; null without a depot. */
  distance: z.number().nullable(),
  place: fixPlaceSchema.nullable(),
  /** Whether the fix took part in the answer (a depot fix before a delivered report does not). */
  counts: z.boolean(),
  /** The zone the pipeline recorded the fix in (hidden from client users). */
  zone: geoZoneRefSchema.nullable(),
});
export type ReportCheckFix = z.infer<typeof reportCheckFixSchema>;

export const reportCheckEvidenceSchema = z.object({
  depot: geoZoneRefSchema.nullable(),
  /** The window read: the report's time minus and plus the tolerance. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** The accepted fixes of the window (at most REPORT_CHECK_MAX_FIXES, nearest the report), oldest first. */
  fixes: z.array(reportCheckFixSchema),
  /** The fix that decided (agree: the first away; disagree: the last at the depot). */
  deciding: reportCheckFixSchema.nullable(),
  /** Of the fixes that count, the shortest distance to the depot in metres (0: one inside it). */
  nearest: z.number().nullable(),
});
export type ReportCheckEvidence = z.infer<typeof reportCheckEvidenceSchema>;

export const reportCheckSchema = z.object({
  result: reportCheckResultSchema,
  reason: reportCheckReasonSchema,
  evidence: reportCheckEvidenceSchema,
});
export type ReportCheck = z.infer<typeof reportCheckSchema>;

/** The answer of the route: the asset's latest report and its check; `settled` once stored for the audit. */
export const reportCheckAnswerSchema = z.object({
  assetId: z.number().int(),
  report: z.object({
    kind: deliveryReportKindSchema,
    at: z.string().nullable(),
    /** Where the reporting phone said it was; null when the report came without one. */
    phone_position: phonePositionSchema.nullable(),
  }),
  check: reportCheckSchema,
  settled: z.boolean(),
});
export type ReportCheckAnswer = z.infer<typeof reportCheckAnswerSchema>;

export const NO_REPORT = 'The asset has no delivered or empty report';
