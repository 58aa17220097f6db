import { z } from 'zod';
import { droppedPositionSchema } from './asset-history';
import { entityIdSchema, isIsoDateString } from './common';
import { eventTypeSchema } from './event';
import { blankToUndefined, EXPORT_LANGUAGES, INVALID_LANGUAGE, INVALID_TIME_ZONE, isTimeZone } from './export';
import { geoZoneGeometrySchema, geoZoneRefSchema } from './geo-zone';
import { loanDayResetSchema, loanDaySchema } from './loan-day';

/**
 * Evidence of one asset in one period (POST /api/assets/{id}/evidence): the track, its stops, the zone visits,
 * the loan days counted and the fixes with their accuracy and source, as a PDF or JSON written by the export
 * worker. The document's content is canonical JSON whose SHA-256 is printed on every PDF page and carried by
 * the JSON file, so the same request over the same data gives the same document
 * (docs/decisions/0321-evidence-documents-are-canonical-and-carry-their-hash.md).
 */
export const EVIDENCE_MAX_DAYS = 92;
export const EVIDENCE_FORMATS = ['pdf', 'json'] as const;
export type EvidenceFormat = (typeof EVIDENCE_FORMATS)[number];
/** Fixes the PDF's table lists; the JSON holds every fix of the period. */
export const EVIDENCE_PDF_FIXES = 1_500;
/** A period with more fixes than this is refused: a shorter period is the answer (92 days at one a minute). */
export const EVIDENCE_MAX_FIXES = 135_000;

export const INVALID_EVIDENCE_PERIOD = `The period must start before it ends and span at most ${EVIDENCE_MAX_DAYS} days`;
export const INVALID_EVIDENCE_FORMAT = 'The export type must be pdf or json';
export const EVIDENCE_TOO_MANY_FIXES = 'The period holds too many positions for one document: choose a shorter period';
const INVALID_DATE_TIME = 'Must be a date and time (ISO 8601)';
const DAY_MS = 86_400_000;

const dateTime = z
  .string({ error: INVALID_DATE_TIME })
  .max(40)
  .refine((v) => isIsoDateString(v) && !Number.isNaN(Date.parse(v)), { error: INVALID_DATE_TIME });

/** Both ends are required: a default "now" would make every request another one. */
export const evidenceQuerySchema = z
  .object({
    from: dateTime.describe('Start of the period (inclusive)'),
    to: dateTime.describe(`End of the period (inclusive), at most ${EVIDENCE_MAX_DAYS} days after the start`),
    /** `type`, as every export names its format. */
    type: z.enum(EVIDENCE_FORMATS, { error: INVALID_EVIDENCE_FORMAT }),
    language: z.preprocess(blankToUndefined, z.enum(EXPORT_LANGUAGES, { error: INVALID_LANGUAGE }).optional()),
    timeZone: z.preprocess(
      blankToUndefined,
      z.string().max(64).refine(isTimeZone, { error: INVALID_TIME_ZONE }).optional(),
    ),
  })
  .refine(
    ({ from, to }) => {
      const start = Date.parse(from);
      const end = Date.parse(to);
      return start < end && end - start <= EVIDENCE_MAX_DAYS * DAY_MS;
    },
    { error: INVALID_EVIDENCE_PERIOD, path: ['from'] },
  );
export type EvidenceQuery = z.infer<typeof evidenceQuerySchema>;

/** A fix as evidence: the tag that gave it named, not only numbered. */
export const evidenceFixSchema = z.object({
  at: z.string(),
  id: entityIdSchema,
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  radius: z.number().nullable(),
  source: z.enum(['gnss', 'wifi', 'network']).nullable(),
  type: eventTypeSchema,
  tag: z.object({ id: entityIdSchema, name: z.string().nullable() }),
  zone: geoZoneRefSchema.nullable(),
  dropped: z.array(droppedPositionSchema).optional(),
  outlier: z.string().optional(),
});
export type EvidenceFix = z.infer<typeof evidenceFixSchema>;

export const evidenceStopSchema = z.object({
  number: z.number().int().positive(),
  from: z.string(),
  to: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  radius: z.number(),
  fixes: z.number().int().positive(),
});
export type EvidenceStop = z.infer<typeof evidenceStopSchema>;

export const evidenceVisitSchema = z.object({
  zone: geoZoneRefSchema,
  arrivedAt: z.string(),
  leftAt: z.string().nullable(),
  dwellSeconds: z.number().nullable(),
});
export type EvidenceVisit = z.infer<typeof evidenceVisitSchema>;

/**
 * What the caller's view left out, said in the document itself: a client user's evidence starts when the asset
 * came to their customer and has no zones; visits and loan days need the permissions of their own routes.
 */
export const evidenceViewSchema = z.object({
  audience: z.enum(['staff', 'client']),
  /** Where the caller's view of the track starts, when later than the period's start; null: the whole period. */
  visibleFrom: z.string().nullable(),
  zones: z.boolean(),
  visits: z.boolean(),
  loanDays: z.boolean(),
});

export const evidenceSchema = z.object({
  document: z.literal('asset-evidence/1'),
  product: z.object({ version: z.string() }),
  language: z.enum(EXPORT_LANGUAGES),
  asset: z.object({
    id: entityIdSchema,
    name: z.string(),
    reference: z.string().nullable(),
    customer: z.object({ id: entityIdSchema, company: z.string().nullable() }).nullable(),
  }),
  period: z.object({ from: z.string(), to: z.string(), timeZone: z.string() }),
  view: evidenceViewSchema,
  fixes: z.array(evidenceFixSchema),
  stops: z.array(evidenceStopSchema),
  zones: z.array(z.object({ id: entityIdSchema, name: z.string().nullable(), geometry: geoZoneGeometrySchema })),
  visits: z.array(evidenceVisitSchema),
  loanDays: z.object({ days: z.array(loanDaySchema), resets: z.array(loanDayResetSchema) }),
});
export type Evidence = z.infer<typeof evidenceSchema>;

/** The JSON file: the hash and the content it was computed over (its canonical serialization). */
export const evidenceFileSchema = z.object({ sha256: z.string().regex(/^[0-9a-f]{64}$/), evidence: evidenceSchema });
export type EvidenceFile = z.infer<typeof evidenceFileSchema>;
