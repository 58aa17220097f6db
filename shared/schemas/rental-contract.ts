import { z } from 'zod';
import { calendarDay } from '../wall-clock';
import {
  entityIdSchema,
  INVALID_REFERENCE,
  isBlank,
  isIsoDateString,
  jsonLdShape,
  optionalVersionShape,
  paginationQuerySchema,
  referenceSchema,
  tooLong,
} from './common';

/**
 * Rental contracts (docs/decisions/0325-rental-contract-lines-keyed-by-the-erp-s-external-id.md): the lines an
 * ERP bills a customer by, brought in so that the loan days can be held against them. A line is the ERP's, named
 * by its external id; it rents one asset, or a quantity of an asset profile that is assigned to assets later.
 * Days are calendar days in the product's time zone (shared/wall-clock.ts): a timestamp sent is read as the
 * day it falls on there. Deleting a line cancels it: its versions stay.
 */
export const RENTAL_CONTRACT_STATUSES = ['active', 'cancelled'] as const;
export type RentalContractStatus = (typeof RENTAL_CONTRACT_STATUSES)[number];

export const RENTAL_CONTRACT_BULK_MAX = 5000;
export const EXTERNAL_ID_MAX = 64;
export const QUANTITY_MAX = 100_000;
export const DAY_RATE_MAX = 1_000_000;
export const ADDRESS_MAX = 255;
const FIRST_DAY = '2000-01-01';
const LAST_DAY = '2099-12-31';

export const RENTAL_CONTRACT_MESSAGES = {
  externalId: `The external id must be 1 to ${EXTERNAL_ID_MAX} letters, digits or . _ : - and start with a letter or digit`,
  day: `Must be a calendar day (YYYY-MM-DD) between ${FIRST_DAY} and ${LAST_DAY}`,
  customer: 'The customer is required',
  assetOrProfile: 'Give either an asset or an asset profile with a quantity, not both',
  quantity: `The quantity must be a whole number from 1 to ${QUANTITY_MAX.toLocaleString('en')}`,
  quantityWithAsset: 'A line that rents one asset has no quantity',
  expectedReturn: 'The expected return cannot be before the on-hire day',
  offHire: 'The off-hire day cannot be before the on-hire day',
  deliverySite: 'The delivery site needs an address, a geo zone or both',
  amount: `The day rate must be a positive amount of at most ${DAY_RATE_MAX.toLocaleString('en')} with at most 2 decimals`,
  currency: 'The currency must be an ISO 4217 code such as EUR',
  status: `The status must be one of ${RENTAL_CONTRACT_STATUSES.join(', ')}`,
  notInTenant: 'Not found in this tenant',
  lines: `Send 1 to ${RENTAL_CONTRACT_BULK_MAX.toLocaleString('en')} lines`,
  duplicate: 'This external id is already on an earlier line',
  createdMeanwhile: 'Someone else created this line at the same moment: send it again to replace theirs',
} as const;

/** Letters, digits and . _ : - : safe in a path, a key and a CSV cell (no '#', the keys' separator, no '/'). */
export const EXTERNAL_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]*$/;
export const externalIdSchema = z
  .string({ error: RENTAL_CONTRACT_MESSAGES.externalId })
  .trim()
  .max(EXTERNAL_ID_MAX, { error: RENTAL_CONTRACT_MESSAGES.externalId })
  .regex(EXTERNAL_ID, { error: RENTAL_CONTRACT_MESSAGES.externalId });

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day as sent (YYYY-MM-DD, or an ISO timestamp read as its day in the product's time zone). */
export const toCalendarDay = (value: unknown): unknown => {
  if (typeof value !== 'string' || !isIsoDateString(value)) return value;
  const text = value.trim();
  return DAY.test(text) ? text : calendarDay(new Date(text));
};

const calendarDaySchema = z.preprocess(
  toCalendarDay,
  z
    .string({ error: RENTAL_CONTRACT_MESSAGES.day })
    .regex(DAY, { error: RENTAL_CONTRACT_MESSAGES.day })
    .refine((day) => isIsoDateString(day) && day >= FIRST_DAY && day <= LAST_DAY, {
      error: RENTAL_CONTRACT_MESSAGES.day,
    }),
);
const optionalDay = z.preprocess((v) => (isBlank(v) ? null : v), calendarDaySchema.nullable()).optional();
const optionalRef = (message: string = INVALID_REFERENCE) =>
  z.preprocess((v) => (isBlank(v) ? null : v), referenceSchema(message).nullable()).optional();

/** A decimal as text, so no float rounds a rate: "12.5" and 12.5 are both "12.50". */
const AMOUNT = /^\d{1,7}(?:\.\d{1,2})?$/;
export const dayRateSchema = z.object({
  amount: z.preprocess(
    (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: RENTAL_CONTRACT_MESSAGES.amount })
      .regex(AMOUNT, { error: RENTAL_CONTRACT_MESSAGES.amount })
      .refine((text) => Number(text) > 0 && Number(text) <= DAY_RATE_MAX, { error: RENTAL_CONTRACT_MESSAGES.amount })
      .transform((text) => Number(text).toFixed(2)),
  ),
  currency: z
    .string({ error: RENTAL_CONTRACT_MESSAGES.currency })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, { error: RENTAL_CONTRACT_MESSAGES.currency }),
});

export const deliverySiteSchema = z
  .object({
    address: z.preprocess(
      (v) => (isBlank(v) ? null : v),
      z
        .string()
        .trim()
        .max(ADDRESS_MAX, { error: tooLong(ADDRESS_MAX) })
        .nullable()
        .optional(),
    ),
    geoZone: optionalRef(),
  })
  .refine((site) => Boolean(site.address) || Boolean(site.geoZone), { error: RENTAL_CONTRACT_MESSAGES.deliverySite });

/** The fields of a line as the ERP sends them (the external id is the path's, or the bulk line's own). */
const lineShape = {
  customer: referenceSchema(RENTAL_CONTRACT_MESSAGES.customer),
  asset: optionalRef(),
  assetProfile: optionalRef(),
  quantity: z
    .preprocess(
      (v) => (isBlank(v) ? null : v),
      z
        .number({ error: RENTAL_CONTRACT_MESSAGES.quantity })
        .int({ error: RENTAL_CONTRACT_MESSAGES.quantity })
        .min(1, { error: RENTAL_CONTRACT_MESSAGES.quantity })
        .max(QUANTITY_MAX, { error: RENTAL_CONTRACT_MESSAGES.quantity })
        .nullable(),
    )
    .optional(),
  onHire: calendarDaySchema,
  expectedReturn: optionalDay,
  offHire: optionalDay,
  deliverySite: deliverySiteSchema,
  dayRate: z.preprocess((v) => (isBlank(v) ? null : v), dayRateSchema.nullable()).optional(),
  status: z.enum(RENTAL_CONTRACT_STATUSES, { error: RENTAL_CONTRACT_MESSAGES.status }).default('active'),
};

type LineFields = z.output<z.ZodObject<typeof lineShape>>;

/** The rules between fields, each reported on the field to change. */
function checkLine(line: LineFields, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (Boolean(line.asset) === Boolean(line.assetProfile)) issue('asset', RENTAL_CONTRACT_MESSAGES.assetOrProfile);
  if (line.assetProfile && line.quantity == null) issue('quantity', RENTAL_CONTRACT_MESSAGES.quantity);
  if (line.asset && line.quantity != null) issue('quantity', RENTAL_CONTRACT_MESSAGES.quantityWithAsset);
  if (line.expectedReturn && line.expectedReturn < line.onHire)
    issue('expectedReturn', RENTAL_CONTRACT_MESSAGES.expectedReturn);
  if (line.offHire && line.offHire < line.onHire) issue('offHire', RENTAL_CONTRACT_MESSAGES.offHire);
}

/** PUT /api/rental-contracts/{externalId}: the whole line; `version` (the one read) makes the save conditional. */
export const rentalContractInputSchema = z.object({ ...lineShape, ...optionalVersionShape }).superRefine(checkLine);
export type RentalContractInput = z.output<typeof rentalContractInputSchema>;

/** One line of a bulk upsert: the same fields with their external id. */
export const rentalContractLineSchema = z
  .object({ externalId: externalIdSchema, ...lineShape, ...optionalVersionShape })
  .superRefine(checkLine);
export type RentalContractLine = z.output<typeof rentalContractLineSchema>;

/** POST /api/rental-contracts/bulk: every line is checked on its own (a bad line refuses that line only). */
export const rentalContractBulkInputSchema = z.object({
  lines: z
    .array(rentalContractLineSchema)
    .min(1, { error: RENTAL_CONTRACT_MESSAGES.lines })
    .max(RENTAL_CONTRACT_BULK_MAX, { error: RENTAL_CONTRACT_MESSAGES.lines }),
});
/** The envelope alone: what the handler reads before it checks each line. */
export const rentalContractBulkEnvelopeSchema = z.object({
  lines: z
    .array(z.unknown(), { error: RENTAL_CONTRACT_MESSAGES.lines })
    .min(1, { error: RENTAL_CONTRACT_MESSAGES.lines })
    .max(RENTAL_CONTRACT_BULK_MAX, { error: RENTAL_CONTRACT_MESSAGES.lines }),
});

export const externalIdParamsSchema = z.object({ externalId: externalIdSchema });

/** The lists of an asset's and a customer's lines: a page, and only the lines of one status if asked. */
export const rentalContractListQuerySchema = paginationQuerySchema.extend({
  status: z.enum(RENTAL_CONTRACT_STATUSES, { error: RENTAL_CONTRACT_MESSAGES.status }).optional(),
});
export type RentalContractListQuery = z.infer<typeof rentalContractListQuerySchema>;

/** A stored line as the API answers it (references are ids: the ERP's own shape, read back as sent). */
const storedLineShape = {
  externalId: z.string(),
  customer: entityIdSchema,
  asset: entityIdSchema.nullable(),
  assetProfile: entityIdSchema.nullable(),
  quantity: z.number().int().nullable(),
  onHire: z.string(),
  expectedReturn: z.string().nullable(),
  offHire: z.string().nullable(),
  deliverySite: z.object({ address: z.string().nullable(), geoZone: entityIdSchema.nullable() }),
  dayRate: z.object({ amount: z.string(), currency: z.string() }).nullable(),
  status: z.enum(RENTAL_CONTRACT_STATUSES),
  version: z.number().int(),
  /** When this version was written, and by whom (a user id; 0 an API credential). */
  changedAt: z.string(),
  changedBy: z.number().int(),
};
export const rentalContractSchema = z.object({ ...jsonLdShape, ...storedLineShape });
export type RentalContract = z.infer<typeof rentalContractSchema>;

/** GET one: the line and its versions, newest first. */
export const rentalContractWithVersionsSchema = rentalContractSchema.extend({
  versions: z.array(z.object(storedLineShape)),
});

export const RENTAL_CONTRACT_RESULTS = ['done', 'unchanged', 'refused'] as const;
export const rentalContractBulkReportSchema = z.object({
  done: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
  lines: z.array(
    z.object({
      /** 1-based, in the order sent. */
      line: z.number().int(),
      externalId: z.string().nullable(),
      result: z.enum(RENTAL_CONTRACT_RESULTS),
      version: z.number().int().nullable(),
      violations: z.array(z.object({ propertyPath: z.string(), message: z.string() })),
    }),
  ),
});
export type RentalContractBulkReport = z.infer<typeof rentalContractBulkReportSchema>;
