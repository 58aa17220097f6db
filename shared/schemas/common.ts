import { z } from 'zod';
import { MESSAGES } from '../errors';
import { MAX_ITEMS_PER_PAGE, READ_BUDGET } from '../hydra';

/**
 * Building blocks shared by every entity schema. The API answers 422 with each zod issue's message and the
 * console shows the same messages under the fields, so the wording here is the spec's wording.
 */
export const MUST_BE_A_NUMBER = MESSAGES.mustBeNumber;
export const INVALID_DATE = MESSAGES.invalidDate;
export const VERSION_REQUIRED = MESSAGES.versionRequired;
export const NAME_REQUIRED = 'The name is required';
export const EMAIL_REQUIRED = 'Email is required';
export const INVALID_EMAIL = 'Must be a valid email';
export const INVALID_REFERENCE = 'Invalid reference';
export const INVALID_COLOR = 'The colour must be a hex value such as #3388ff';
export const PAGE_INVALID = 'The page must be a positive integer';
export const PAGE_TOO_DEEP = `This page is too far back: page × itemsPerPage may be at most ${READ_BUDGET.toLocaleString('en')}. Narrow the search or change the order`;
export const ITEMS_PER_PAGE_INVALID = `The number of items per page must be between 1 and ${MAX_ITEMS_PER_PAGE}`;
export const NAME_CHARACTERS_INVALID =
  'Tabs, line breaks, control characters and text direction marks are not allowed here';
export const tooLong = (max: number) => `This value is too long. It should have ${max} characters or less.`;

/** Forms send '' for untouched fields, and the spec strips empty values before sending or filtering. */
export const isBlank = (value: unknown): value is null | undefined | '' =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

const NUMERIC = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;

/** Query strings and text inputs carry numbers as text; "12abc" or "0x10" must fail, so no Number() leniency. */
export const toNumber = (value: unknown): unknown => {
  if (isBlank(value)) return undefined;
  if (typeof value === 'string') return NUMERIC.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  return value;
};

export type NumberInput = number | string | null | undefined;

export const requiredText = (message: string, max = 255) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: tooLong(max) });

/**
 * Names and labels are one line of visible text. Refused: C0 and C1 control characters (tab, CR and
 * LF included: a name is one line in lists, files and mail subjects) and the bidi embeddings, overrides and
 * isolates U+202A-U+202E and U+2066-U+2069, which make a name read as another ("exe.pdf" shown for "fdp.exe").
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const NOT_IN_NAMES = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
export const isPlainName = (text: string) => !NOT_IN_NAMES.test(text);

/**
 * The one refinement every name and label schema starts from. It looks at the text as sent, before trimming,
 * so a leading tab is refused with a reason rather than dropped in silence; `abort` keeps it the only message.
 */
export const plainText = (message?: string) =>
  z
    .string(message ? { error: message } : undefined)
    .refine(isPlainName, { error: NAME_CHARACTERS_INVALID, abort: true });

/** requiredText for a name or label (plainText's rule). */
export const requiredName = (message: string, max = 255) =>
  plainText(message)
    .trim()
    .min(1, { error: message })
    .max(max, { error: tooLong(max) });

/** optionalText for a name or label (plainText's rule). */
export const optionalName = (max = 255) =>
  plainText()
    .trim()
    .max(max, { error: tooLong(max) })
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));

/** Absent stays undefined (an update leaves the field alone); '' and null become null (the field is cleared). */
export const optionalText = (max = 255) =>
  z
    .string()
    .trim()
    .max(max, { error: tooLong(max) })
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));

/** Filters treat an empty box as no filter at all. */
export const textFilter = (max = 255) =>
  z
    .string()
    .trim()
    .max(max, { error: tooLong(max) })
    .nullish()
    .transform((v) => v || undefined);

export const requiredEmail = (requiredMessage = EMAIL_REQUIRED, invalidMessage = INVALID_EMAIL) =>
  requiredText(requiredMessage, 254).pipe(z.email({ error: invalidMessage }));

export const optionalEmail = (invalidMessage = INVALID_EMAIL) =>
  optionalText(254).pipe(z.email({ error: invalidMessage }).nullish());

export const emailFilter = (invalidMessage = INVALID_EMAIL) =>
  textFilter(254).pipe(z.email({ error: invalidMessage }).optional());

export const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
export const hexColorSchema = z.string({ error: INVALID_COLOR }).trim().regex(HEX_COLOR, { error: INVALID_COLOR });

/** One message for missing, empty and non-numeric: the spec's forms say e.g. "Width is required" for all three. */
export const requiredNumber = (message: string) =>
  z.preprocess((v: NumberInput) => toNumber(v), z.number({ error: message }));

export const optionalNumber = (message = MUST_BE_A_NUMBER) =>
  z.preprocess((v: NumberInput) => toNumber(v), z.number({ error: message }).optional());

export const optionalInteger = (message = MUST_BE_A_NUMBER) =>
  z.preprocess((v: NumberInput) => toNumber(v), z.number({ error: message }).int({ error: message }).optional());

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** Date.parse rolls 2025-02-30 over to March 2nd, so the calendar fields are checked by hand. */
export const isIsoDateString = (value: string): boolean => {
  const m = ISO_DATE.exec(value.trim());
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  if (Number(m[4] ?? 0) > 23 || Number(m[5] ?? 0) > 59 || Number(m[6] ?? 0) > 59) return false;
  return !Number.isNaN(Date.parse(value.trim()));
};

export const dateStringSchema = (message = INVALID_DATE) =>
  z.string({ error: message }).trim().refine(isIsoDateString, { error: message });

/** Same three states as optionalText: undefined keeps, null or '' clears. */
export const optionalDate = (message = INVALID_DATE) =>
  optionalText(40).refine((v) => v == null || isIsoDateString(v), { error: message });

export const dateFilter = (message = INVALID_DATE) =>
  textFilter(40).refine((v) => v === undefined || isIsoDateString(v), { error: message });

/** Optimistic concurrency: every update echoes the version it read; a stale one is refused by the API. */
export const versionSchema = z
  .number({ error: VERSION_REQUIRED })
  .int({ error: VERSION_REQUIRED })
  .min(1, { error: VERSION_REQUIRED });
export const versionShape = { version: versionSchema };
/**
 * Assets and devices: the spec's PUT payloads carry no version, so it is optional there; given
 * (or as `If-Match`), a stale one is refused, absent the save is unconditional (docs/decisions/0242-versions-are-for-people-s-saves-tags-move-no-version.md).
 */
export const optionalVersionShape = { version: versionSchema.optional() };

export const entityIdSchema = z.number().int().positive();

/** Path parameters arrive as text. */
export const idParamSchema = z.preprocess(
  (v: string | number) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
  z.number({ error: MUST_BE_A_NUMBER }).int({ error: MUST_BE_A_NUMBER }).positive({ error: MUST_BE_A_NUMBER }),
);
export const idParamsSchema = z.object({ id: idParamSchema });
export type IdParams = z.infer<typeof idParamsSchema>;

export type ReferenceInput = number | string | { id?: number | string | null; '@id'?: string } | null | undefined;

/**
 * The console holds related entities as objects, ids or API Platform IRIs (/api/clients/3); the API keeps
 * plain ids. Anything else is left as is so the schema reports it.
 */
export const toReferenceId = (value: unknown): number | undefined => {
  if (typeof value === 'number') return Number.isInteger(value) && value > 0 ? value : undefined;
  if (typeof value === 'string') {
    const id = Number(/^(?:\/api(?:\/[\w-]+)+\/)?(\d+)$/.exec(value.trim())?.[1]);
    return id > 0 ? id : undefined;
  }
  if (value !== null && typeof value === 'object') {
    const ref = value as { id?: unknown; '@id'?: unknown };
    return toReferenceId(ref.id ?? ref['@id']);
  }
  return undefined;
};

const referenceId = (message: string) =>
  z.number({ error: message }).int({ error: message }).positive({ error: message });

export const referenceSchema = (message = INVALID_REFERENCE) =>
  z.preprocess((v: ReferenceInput) => toReferenceId(v) ?? v, referenceId(message));

export const optionalReference = (message = INVALID_REFERENCE) =>
  z.preprocess(
    (v: ReferenceInput) => (v === undefined ? undefined : isBlank(v) ? null : (toReferenceId(v) ?? v)),
    referenceId(message).nullish(),
  );

export const referenceListSchema = (message = INVALID_REFERENCE) =>
  z.array(referenceSchema(message), { error: message }).transform((ids) => [...new Set(ids)]);

const TRUE_WORDS = ['1', 'true', 'on', 'yes'];
const FALSE_WORDS = ['0', 'false', 'off', 'no', ''];

/** PHP's FILTER_VALIDATE_BOOLEAN, as API Platform reads pagination= and [exists]=; other words are ignored. */
export const toBoolean = (value: unknown): boolean | undefined => {
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string') return undefined;
  const word = value.trim().toLowerCase();
  return TRUE_WORDS.includes(word) ? true : FALSE_WORDS.includes(word) ? false : undefined;
};
export const booleanQuery = z.preprocess((v: boolean | string | undefined) => toBoolean(v), z.boolean().optional());

export const paginationQuerySchema = z.object({
  page: z.preprocess(
    (v: NumberInput) => toNumber(v),
    z.number({ error: PAGE_INVALID }).int({ error: PAGE_INVALID }).min(1, { error: PAGE_INVALID }).default(1),
  ),
  itemsPerPage: z.preprocess(
    (v: NumberInput) => toNumber(v),
    z
      .number({ error: ITEMS_PER_PAGE_INVALID })
      .int({ error: ITEMS_PER_PAGE_INVALID })
      .min(1, { error: ITEMS_PER_PAGE_INVALID })
      .max(MAX_ITEMS_PER_PAGE, { error: ITEMS_PER_PAGE_INVALID })
      .optional(),
  ),
  pagination: booleanQuery,
});
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

export type SortDirection = 'asc' | 'desc';
export interface SortOrder<F extends string = string> {
  field: F;
  direction: SortDirection;
}

/** order[field]=asc|desc, repeatable; unknown fields and directions are dropped as API Platform does. */
export function parseOrderQuery<F extends string>(
  query: Readonly<Record<string, string | undefined>> | null | undefined,
  fields: readonly F[],
): SortOrder<F>[] {
  const orders: SortOrder<F>[] = [];
  for (const [key, value] of Object.entries(query ?? {})) {
    const field = /^order\[(.+)\]$/.exec(key)?.[1];
    const direction = value?.trim().toLowerCase();
    if (field === undefined || !(fields as readonly string[]).includes(field)) continue;
    if (direction === 'asc' || direction === 'desc') orders.push({ field: field as F, direction });
  }
  return orders;
}

export const EXPORT_TYPES = ['pdf', 'excel', 'csv'] as const;
export const exportQuerySchema = z.object({
  type: z.enum(EXPORT_TYPES, { error: 'The export type must be pdf, excel or csv' }),
});
export type ExportQuery = z.infer<typeof exportQuerySchema>;

/** JSON-LD keys the API adds to every item; the console keys lists and profile relations on @id. */
export const jsonLdShape = { '@id': z.string().optional(), '@type': z.string().optional() };

/** The paging links of a list (functions/lib/http/hydra.ts); previous/next only where such a page is. */
export const hydraViewSchema = z.object({
  '@id': z.string(),
  '@type': z.literal('hydra:PartialCollectionView'),
  'hydra:first': z.string(),
  'hydra:last': z.string(),
  'hydra:previous': z.string().optional(),
  'hydra:next': z.string().optional(),
});

export const hydraCollectionSchema = <T extends z.ZodType>(member: T) =>
  z.object({
    'hydra:member': z.array(member),
    'hydra:totalItems': z.number().int().nonnegative(),
    'hydra:view': hydraViewSchema.optional(),
  });
