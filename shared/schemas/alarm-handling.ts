import { z } from 'zod';
import { entityIdSchema, versionSchema } from './common';

/**
 * The life of a sent alarm (docs/decisions/0310-a-sent-alarm-has-an-owner-and-a-life-open-acknowledged-resolved.md):
 * open → acknowledged → resolved (an open alarm may also be resolved at once), with an owner (a staff user of
 * the tenant) assigned or taken at any step before it is resolved. Every step is kept in the alarm's history.
 */
export const ALARM_STATES = ['open', 'acknowledged', 'resolved'] as const;
export type AlarmState = (typeof ALARM_STATES)[number];

export const ALARM_STEPS = ['assigned', 'acknowledged', 'resolved'] as const;
export type AlarmStep = (typeof ALARM_STEPS)[number];

/** Messages the API answers with; the console translates them (web/src/i18n/<lang>.json). */
export const ALARM_HANDLING_MESSAGES = {
  alreadyAcknowledged: 'This alarm was already acknowledged.',
  alreadyResolved: 'This alarm was already resolved.',
  historyFull: 'This alarm has too many steps to take another.',
  ownerUnknown: 'Choose an active staff user of this tenant.',
  commentTooLong: 'The comment is at most 1000 characters.',
} as const;

/** Steps an alarm keeps at most: a reassignment loop cannot grow the item without bound. */
export const ALARM_HISTORY_MAX = 50;
export const ALARM_COMMENT_MAX = 1000;

/** Who owns an alarm: a staff user of the tenant, named by their username when assigned. */
export const alarmOwnerSchema = z.object({ id: z.number(), username: z.string() });
export type AlarmOwner = z.infer<typeof alarmOwnerSchema>;

/** One step of an alarm's history: who took it, when, with what comment; `owner` on an assignment (null: given back). */
export const alarmHistoryStepSchema = z.object({
  step: z.enum(ALARM_STEPS),
  at: z.string(),
  by: z.string(),
  comment: z.string().nullable(),
  owner: alarmOwnerSchema.nullable(),
});
export type AlarmHistoryStep = z.infer<typeof alarmHistoryStepSchema>;

/** The handling fields of a sent alarm as the API answers them (asset-alarm.ts adds them to the alarm). */
export const alarmHandlingShape = {
  state: z.enum(ALARM_STATES),
  owner: alarmOwnerSchema.nullable(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  history: z.array(alarmHistoryStepSchema),
  version: z.number(),
};

const commentSchema = z
  .string()
  .max(ALARM_COMMENT_MAX, { error: ALARM_HANDLING_MESSAGES.commentTooLong })
  .nullish()
  .transform((comment) => (comment?.trim() ? comment.trim() : null));

/** PUT …/acknowledge and …/resolve: an optional comment and the version read (or If-Match); no body at all is fine. */
export const alarmStepInputSchema = z.object({ comment: commentSchema, version: versionSchema.optional() }).nullish();
export type AlarmStepInput = z.infer<typeof alarmStepInputSchema>;

/** PUT …/assign: the staff user who owns the alarm from now on (the caller's own id: taking it; null: nobody). */
export const alarmAssignInputSchema = z.object({
  owner: entityIdSchema.nullable(),
  version: versionSchema.optional(),
});
export type AlarmAssignInput = z.infer<typeof alarmAssignInputSchema>;

/** The inbox's filters: `state` (default not resolved) and `owner` (`me`, `none` or a user id). */
export const ALARM_INBOX_STATES = ['notResolved', 'open', 'acknowledged'] as const;
export type AlarmInboxState = (typeof ALARM_INBOX_STATES)[number];
export const alarmInboxFilterSchema = z.object({
  state: z.enum(ALARM_INBOX_STATES).optional(),
  owner: z.union([z.literal('me'), z.literal('none'), z.string().regex(/^[1-9]\d{0,9}$/)]).optional(),
});
export type AlarmInboxFilter = z.infer<typeof alarmInboxFilterSchema>;

/** Someone an alarm can be assigned to (GET /api/alarm-inbox/assignees). */
export const alarmAssigneeSchema = z.object({ id: z.number(), username: z.string(), name: z.string() });
export type AlarmAssignee = z.infer<typeof alarmAssigneeSchema>;
