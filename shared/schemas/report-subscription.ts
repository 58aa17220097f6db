import { z } from 'zod';
import { EXPORT_TYPES, entityIdSchema, jsonLdShape, optionalReference, versionShape } from './common';
import { EXPORT_LANGUAGES, INVALID_LANGUAGE } from './export';
import { type AnyReportOptions, REPORT_KIND_INVALID, REPORT_KINDS, REPORT_OPTION_SCHEMAS } from './report-kinds';

export { REPORT_KIND_INVALID, REPORT_KINDS } from './report-kinds';

/**
 * Report subscriptions: a report mailed to its owner on a schedule (docs/decisions/0312-scheduled-reports-mailed-to-their-subscriber.md).
 * The kinds and their options are in report-kinds.ts; the schedule is read in the product's time zone.
 */
export const SCHEDULE_EVERY = ['day', 'week', 'month'] as const;

export const SCHEDULE_EVERY_INVALID = 'The schedule must be day, week or month';
export const SCHEDULE_TIME_INVALID = 'The time must be HH:MM, from 00:00 to 23:59';
export const SCHEDULE_WEEKDAY_INVALID = 'A weekly schedule needs a weekday from 1 (Monday) to 7 (Sunday)';
export const SCHEDULE_DAY_INVALID = 'A monthly schedule needs a day of the month from 1 to 28';
export const SCHEDULE_FIELD_NOT_TAKEN = 'Only a weekly schedule takes a weekday, only a monthly one a day';
export const OWNER_INVALID = 'The subscriber must be a user of this tenant';
export const FORMAT_INVALID = 'The format must be csv, excel or pdf';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const reportScheduleSchema = z
  .object({
    every: z.enum(SCHEDULE_EVERY, { error: SCHEDULE_EVERY_INVALID }),
    time: z.string({ error: SCHEDULE_TIME_INVALID }).regex(TIME, { error: SCHEDULE_TIME_INVALID }),
    weekday: z
      .number({ error: SCHEDULE_WEEKDAY_INVALID })
      .int({ error: SCHEDULE_WEEKDAY_INVALID })
      .min(1, { error: SCHEDULE_WEEKDAY_INVALID })
      .max(7, { error: SCHEDULE_WEEKDAY_INVALID })
      .nullish(),
    day: z
      .number({ error: SCHEDULE_DAY_INVALID })
      .int({ error: SCHEDULE_DAY_INVALID })
      .min(1, { error: SCHEDULE_DAY_INVALID })
      .max(28, { error: SCHEDULE_DAY_INVALID })
      .nullish(),
  })
  .superRefine((schedule, ctx) => {
    const needs = (field: 'weekday' | 'day', message: string) => {
      if (schedule[field] === null || schedule[field] === undefined)
        ctx.addIssue({ code: 'custom', path: [field], message });
    };
    const refuses = (field: 'weekday' | 'day') => {
      if (schedule[field] !== null && schedule[field] !== undefined)
        ctx.addIssue({ code: 'custom', path: [field], message: SCHEDULE_FIELD_NOT_TAKEN });
    };
    if (schedule.every === 'week') needs('weekday', SCHEDULE_WEEKDAY_INVALID);
    else refuses('weekday');
    if (schedule.every === 'month') needs('day', SCHEDULE_DAY_INVALID);
    else refuses('day');
  })
  .transform((schedule) => ({
    every: schedule.every,
    time: schedule.time,
    weekday: schedule.every === 'week' ? (schedule.weekday ?? null) : null,
    day: schedule.every === 'month' ? (schedule.day ?? null) : null,
  }));
export type ReportSchedule = z.infer<typeof reportScheduleSchema>;

const inputShape = {
  /** The subscriber: the caller when left out; only an administrator names another user of the tenant. */
  owner: optionalReference(OWNER_INVALID),
  kind: z.enum(REPORT_KINDS, { error: REPORT_KIND_INVALID }),
  /** The kind's options (report-kinds.ts), checked against that kind's schema; none for the loan-day statement. */
  options: z.record(z.string(), z.unknown(), { error: 'The options must be an object' }).nullish(),
  client: optionalReference(),
  schedule: reportScheduleSchema,
  format: z.enum(EXPORT_TYPES, { error: FORMAT_INVALID }),
  language: z.enum(EXPORT_LANGUAGES, { error: INVALID_LANGUAGE }),
  /** Paused subscriptions are kept but not mailed (the unsubscribe link pauses). */
  paused: z.boolean().optional(),
};

/** The options checked by their kind's schema: its issues are reported under `options.`, the checked value kept. */
function withKindOptions<T extends { kind: (typeof REPORT_KINDS)[number]; options?: Record<string, unknown> | null }>(
  input: T,
  ctx: z.RefinementCtx,
): Omit<T, 'options'> & { options: AnyReportOptions } {
  const parsed = REPORT_OPTION_SCHEMAS[input.kind].safeParse(input.options ?? {});
  if (parsed.success) return { ...input, options: parsed.data as AnyReportOptions };
  for (const issue of parsed.error.issues) {
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : [undefined];
    for (const key of keys)
      ctx.addIssue({ code: 'custom', path: ['options', ...issue.path, ...(key ? [key] : [])], message: issue.message });
  }
  return z.NEVER;
}

/** What the owner chooses; a client user's customer is theirs whatever they send (the server sets it). */
export const reportSubscriptionInputSchema = z.object(inputShape).transform(withKindOptions);
export type ReportSubscriptionInput = z.infer<typeof reportSubscriptionInputSchema>;

export const reportSubscriptionUpdateSchema = z.object({ ...inputShape, ...versionShape }).transform(withKindOptions);

const storedScheduleSchema = z.object({
  every: z.enum(SCHEDULE_EVERY),
  time: z.string(),
  weekday: z.number().int().nullable(),
  day: z.number().int().nullable(),
});

export const reportSubscriptionSchema = z.object({
  ...jsonLdShape,
  id: entityIdSchema,
  owner: z.object({ id: entityIdSchema, name: z.string().nullable() }),
  kind: z.enum(REPORT_KINDS),
  options: z.object({
    days: z.number().int().optional(),
    hours: z.number().int().optional(),
    zones: z.array(entityIdSchema).optional(),
    outside: z.boolean().optional(),
  }),
  /** The customer the report covers (its company name, or its name), or null: every customer the owner reads. */
  client: z.object({ id: entityIdSchema, name: z.string().nullable() }).nullable(),
  schedule: storedScheduleSchema,
  format: z.enum(EXPORT_TYPES),
  language: z.enum(EXPORT_LANGUAGES),
  paused: z.boolean(),
  /** The next time the report goes out (ISO); null while paused. */
  next_due: z.string().nullable(),
  last_sent: z.string().nullable(),
  /** Why the last period's mail did not go (after its retries), cleared by the next mail that does. */
  last_error: z.string().nullable(),
  ...versionShape,
});
export type ReportSubscription = z.infer<typeof reportSubscriptionSchema>;

/** The one-click unsubscribe link's query (public: the signature is the only credential). */
export const reportUnsubscribeQuerySchema = z.object({
  tenant: z.string().regex(/^\d{1,12}$/),
  id: z.string().regex(/^\d{1,12}$/),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});

/**
 * The download link of a mailed report over the attachment limit (public: the signature is the only credential;
 * functions/lib/report-subscriptions/report-file-link.ts): the stored object, the link's end (epoch seconds).
 */
export const reportFileQuerySchema = z.object({
  tenant: z.string().regex(/^\d{1,12}$/),
  id: z.string().regex(/^\d{1,12}$/),
  file: z
    .string()
    .max(300)
    .regex(/^report-files\/tenants\/\d{1,12}\/[0-9a-f-]{36}\/[A-Za-z0-9._-]{1,200}$/),
  expires: z.string().regex(/^\d{1,12}$/),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});
export type ReportFileQuery = z.infer<typeof reportFileQuerySchema>;

export const reportUnsubscribedSchema = z.object({ unsubscribed: z.literal(true), message: z.string() });

/** A preview ("send now"): the report of the period the next mail would carry, mailed to the caller only. */
export const reportPreviewSchema = z.object({
  /** The address the preview went to: the caller's own. */
  sent_to: z.string(),
  /** The month the report covers (YYYY-MM). */
  month: z.string(),
  /** How the file travelled: attached, as a download link (over the attachment limit), or none (no rows). */
  file: z.enum(['attached', 'link', 'none']),
});
export type ReportPreview = z.infer<typeof reportPreviewSchema>;

/**
 * A mailed report over the attachment limit is stored under this prefix of the attachments bucket (beside
 * `exports/`, whose files last a day) and linked from the mail for REPORT_LINK_DAYS; a lifecycle rule deletes
 * the files a day after their links end (infra data stack).
 */
export const REPORT_FILE_PREFIX = 'report-files/';
export const REPORT_LINK_DAYS = 7;
export const REPORT_FILE_RETENTION_DAYS = REPORT_LINK_DAYS + 1;
