import { z } from 'zod';
import {
  entityIdSchema,
  INVALID_EMAIL,
  jsonLdShape,
  MUST_BE_A_NUMBER,
  NAME_REQUIRED,
  type NumberInput,
  requiredName,
  requiredText,
  toNumber,
  tooLong,
  versionShape,
} from './common';
import {
  WORKING_HOURS_NOT_TAKEN,
  WORKING_HOURS_REQUIRED,
  type WorkingHours,
  workingHoursSchema,
} from './working-hours';

export const ALARM_TYPE_REQUIRED = 'Select one type';
export const ALARM_TEXT_REQUIRED = 'The text is required';

/**
 * Rule types. Spec 000: 0-2; beyond it: 3 tag silent; rental operations: 4/5 stock of a zone below its
 * minimum / above its maximum, 6-9 time rules with a duration on the rule (outside its zone longer than N hours,
 * not moved for N days, at one site longer than N days, not back by its scheduled date); 10 moved outside
 * working hours (docs/decisions/0311-moved-outside-working-hours-alarm-rule.md).
 */
export const ALARM_TYPES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
/** zod 4 takes several literals at once; the answer's type is the union of the rule types. */
const alarmTypeLiterals = z.literal(ALARM_TYPES);
/** MUI selects may hand over "1" rather than 1; both mean the same type. */
export const alarmTypeSchema = z.preprocess(
  (v: NumberInput) => toNumber(v),
  z.literal(ALARM_TYPES, { error: ALARM_TYPE_REQUIRED }),
);
export type AlarmType = (typeof ALARM_TYPES)[number];

export const ALARM_TYPE_LABELS: Record<AlarmType, string> = {
  0: 'Asset tag sabotaged',
  1: 'Asset outside the geo zone',
  2: 'Asset battery level low',
  3: 'Asset tag silent',
  4: 'Zone stock below minimum',
  5: 'Zone stock above maximum',
  6: 'Asset outside its geo zone too long',
  7: 'Asset idle',
  8: 'Asset at one site too long',
  9: 'Asset overdue',
  10: 'Asset moved outside working hours',
};

/**
 * Placeholders an alarm text may hold; the alarm sender fills them with renderAlarmText (spec 000 s.2: choosing
 * a type prefills the text with a template holding an asset-name placeholder; the others are ours).
 */
export const ALARM_PLACEHOLDERS = [
  'asset_name',
  'asset_id',
  'customer',
  'zone_name',
  'device_name',
  'dev_eui',
  'time',
  'address',
  'latitude',
  'longitude',
  'profile_name',
  'count',
  'limit',
  'duration',
  'scheduled',
] as const;
export type AlarmPlaceholder = (typeof ALARM_PLACEHOLDERS)[number];
export type AlarmTextValues = Partial<Record<AlarmPlaceholder, string | number | null>>;
export const ALARM_ASSET_NAME_PLACEHOLDER = '{asset_name}';

/** The templates use only the placeholders every alarm of their type can fill (asset, zone, tag, time). */
export const ALARM_TEXT_TEMPLATES: Record<AlarmType, string> = {
  0: 'The tag {device_name} ({dev_eui}) of asset {asset_name} has been sabotaged at {time}.',
  1: 'Asset {asset_name} left its geo zone {zone_name} at {time} (tag {device_name}).',
  2: 'The battery of tag {device_name} ({dev_eui}) of asset {asset_name} is low ({time}).',
  3: 'The tag {device_name} ({dev_eui}) of asset {asset_name} went silent at {time}: no uplink came within its expected intervals.',
  4: 'Geo zone {zone_name} holds {count} assets of {profile_name} at {time}, below its minimum of {limit}.',
  5: 'Geo zone {zone_name} holds {count} assets of {profile_name} at {time}, above its maximum of {limit}.',
  6: 'Asset {asset_name} has been outside its geo zone {zone_name} for more than {duration} ({time}).',
  7: 'Asset {asset_name} has not moved for {duration} ({time}).',
  8: 'Asset {asset_name} has been at {zone_name} for more than {duration} ({time}).',
  9: 'Asset {asset_name} is not back by its scheduled date {scheduled} ({time}).',
  10: 'Asset {asset_name} moved outside working hours at {time} (tag {device_name}).',
};

const PLACEHOLDER = /\{([a-z_]+)\}/g;
const KNOWN_PLACEHOLDERS = new Set<string>(ALARM_PLACEHOLDERS);

/**
 * Fills the placeholders of an alarm text. A placeholder without a value, or one we do not know, stays as
 * written, so a typo shows in the mail rather than vanishing. A bare string is the asset name (older callers).
 */
export function renderAlarmText(text: string, values: AlarmTextValues | string): string {
  const given: AlarmTextValues = typeof values === 'string' ? { asset_name: values } : values;
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    if (!KNOWN_PLACEHOLDERS.has(name)) return whole;
    const value = given[name as AlarmPlaceholder];
    return value === undefined || value === null ? whole : String(value);
  });
}

/**
 * The email field keeps the spec's single text field and holds one or more recipients separated by commas
 * (semicolons and spaces are accepted on the way in and stored as ", "). Each is checked on its own.
 */
export const MAX_ALARM_RECIPIENTS = 20;
export const TOO_MANY_RECIPIENTS = `At most ${MAX_ALARM_RECIPIENTS} recipients`;
export const invalidRecipient = (recipient: string) => `${INVALID_EMAIL}: ${recipient}`;
/** Recipients in order, each once (ignoring case). */
const splitRecipients = (text: string): string[] => {
  const seen = new Set<string>();
  return text
    .split(/[,;\s]+/)
    .map((part) => part.trim())
    .filter((part) => {
      const key = part.toLowerCase();
      if (!part || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
};

const recipientSchema = z.email();

export const alarmEmailSchema = z
  .string({ error: INVALID_EMAIL })
  .max(2000, { error: tooLong(2000) })
  .nullish()
  .transform((text, context) => {
    if (text === undefined) return undefined;
    const recipients = splitRecipients(text ?? '');
    if (recipients.length === 0) return null;
    if (recipients.length > MAX_ALARM_RECIPIENTS) context.addIssue({ code: 'custom', message: TOO_MANY_RECIPIENTS });
    for (const recipient of recipients) {
      if (!recipientSchema.safeParse(recipient).success)
        context.addIssue({ code: 'custom', message: invalidRecipient(recipient) });
    }
    return recipients.join(', ');
  });

/** The recipients of a rule, for the alarm sender: none when the rule has no email. */
export const alarmRecipients = (alarm: Pick<Alarm, 'email'>): string[] => splitRecipients(alarm.email ?? '');

/** Repeat and escalation (checkFollowUp below): null and [] when the rule has none. */
const followUpAnswerShape = {
  repeat_every: z.number().nullable(),
  repeat_times: z.number().nullable(),
  escalate_after: z.number().nullable(),
  escalate_to: z.string().nullable(),
  escalate_users: z.array(entityIdSchema),
};

export const alarmSchema = z.object({
  ...jsonLdShape,
  id: entityIdSchema,
  name: z.string(),
  type: alarmTypeLiterals,
  text: z.string(),
  email: z.string().nullable(),
  /** Time rules (6-9): hours for 6 and 9 (9: a grace after the scheduled day, optional), days for 7 and 8. */
  duration: z.number().nullable(),
  /** Type 10 only: when the business is open (working-hours.ts); a move outside them raises the alarm. */
  working_hours: workingHoursSchema.nullable(),
  /** Type 10 only: metres beyond both fixes' accuracy radii that count as a move. */
  move_distance: z.number().nullable(),
  ...followUpAnswerShape,
  ...versionShape,
});
export type Alarm = z.infer<typeof alarmSchema>;

/**
 * The duration of a time rule (docs/decisions/0262-time-rules-asset-timers-hold-condition-starts-a-job-plans-and-fires.md):
 * 6 outside its zone longer than N hours, 7 idle N days, 8 at one site N days (required), 9 overdue: an optional
 * grace of N hours after the scheduled day ended. The other types take none. Whole units only, at most a year.
 */
export const DURATION_UNITS: Partial<Record<AlarmType, 'hours' | 'days'>> = {
  6: 'hours',
  7: 'days',
  8: 'days',
  9: 'hours',
};
export const MAX_DURATION = { hours: 8760, days: 365 } as const;
export const DURATION_REQUIRED = 'The duration is required for this type';
export const DURATION_NOT_TAKEN = 'This type takes no duration';
export const DURATION_HOURS_INVALID = 'The duration must be a whole number of hours from 1 to 8760';
export const DURATION_DAYS_INVALID = 'The duration must be a whole number of days from 1 to 365';
export const durationRequired = (type: number) => type === 6 || type === 7 || type === 8;
/** The duration in milliseconds (0 without one: a type 9 rule fires when the scheduled day is over). */
export const durationMs = (type: number, duration: number | null | undefined) =>
  (duration ?? 0) * (DURATION_UNITS[type as AlarmType] === 'days' ? 86_400_000 : 3_600_000);

const durationSchema = z.preprocess((v: NumberInput) => toNumber(v), z.number({ error: MUST_BE_A_NUMBER }).nullish());

/** The duration against the type: required for 6-8 on every save (the drawer always sends it), optional for 9. */
function checkDuration(input: { type: number; duration?: number | null }, context: z.core.$RefinementCtx) {
  const unit = DURATION_UNITS[input.type as AlarmType];
  const { duration } = input;
  const issue = (message: string) => context.addIssue({ code: 'custom', path: ['duration'], message });
  if (!unit) {
    if (duration !== undefined && duration !== null) issue(DURATION_NOT_TAKEN);
    return;
  }
  if (duration === undefined || duration === null) {
    if (durationRequired(input.type)) issue(DURATION_REQUIRED);
    return;
  }
  if (!Number.isInteger(duration) || duration < 1 || duration > MAX_DURATION[unit])
    issue(unit === 'days' ? DURATION_DAYS_INVALID : DURATION_HOURS_INVALID);
}

/**
 * Moved outside working hours (type 10): the working hours are required, the distance is optional (200 m
 * without one) and bounded; the other types take neither.
 */
export const AFTER_HOURS_TYPE = 10;
export const DEFAULT_MOVE_DISTANCE = 200;
export const MIN_MOVE_DISTANCE = 50;
export const MAX_MOVE_DISTANCE = 10_000;
export const MOVE_DISTANCE_INVALID = `The distance must be a whole number of metres from ${MIN_MOVE_DISTANCE} to ${MAX_MOVE_DISTANCE}`;
export const MOVE_DISTANCE_NOT_TAKEN = 'This type takes no distance';

function checkAfterHours(
  input: { type: number; working_hours?: WorkingHours | null; move_distance?: number | null },
  context: z.core.$RefinementCtx,
) {
  const issue = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
  const hours = input.working_hours ?? null;
  const distance = input.move_distance ?? null;
  if (input.type !== AFTER_HOURS_TYPE) {
    if (hours !== null) issue('working_hours', WORKING_HOURS_NOT_TAKEN);
    if (distance !== null) issue('move_distance', MOVE_DISTANCE_NOT_TAKEN);
    return;
  }
  if (hours === null) issue('working_hours', WORKING_HOURS_REQUIRED);
  if (
    distance !== null &&
    (!Number.isInteger(distance) || distance < MIN_MOVE_DISTANCE || distance > MAX_MOVE_DISTANCE)
  )
    issue('move_distance', MOVE_DISTANCE_INVALID);
}

/**
 * Repeat and escalation of an alarm nobody acknowledged (docs/decisions/0317-alarm-repeats-and-escalation-per-rule.md):
 * every N minutes up to a number of times, and after M minutes to a second group (addresses and/or users).
 */
export const REPEAT_EVERY = { min: 5, max: 1440 } as const;
export const REPEAT_TIMES = { min: 1, max: 20 } as const;
export const ESCALATE_AFTER = { min: 5, max: 10_080 } as const;
export const MAX_ESCALATION_USERS = 20;
export const REPEAT_EVERY_INVALID = `Repeat every ${REPEAT_EVERY.min} to ${REPEAT_EVERY.max} minutes (whole minutes)`;
export const REPEAT_TIMES_INVALID = `Repeat ${REPEAT_TIMES.min} to ${REPEAT_TIMES.max} times`;
export const REPEAT_TIMES_REQUIRED = 'How many times is required with a repeat';
export const REPEAT_EVERY_REQUIRED = 'How often is required with a number of repeats';
export const ESCALATE_AFTER_INVALID = `Escalate after ${ESCALATE_AFTER.min} to ${ESCALATE_AFTER.max} minutes (whole minutes)`;
export const ESCALATE_AFTER_REQUIRED = 'After how many minutes is required with an escalation group';
export const ESCALATION_GROUP_REQUIRED = 'Name the addresses or users to escalate to';
export const TOO_MANY_ESCALATION_USERS = `At most ${MAX_ESCALATION_USERS} users`;

export interface FollowUpInput {
  repeat_every?: number | null;
  repeat_times?: number | null;
  escalate_after?: number | null;
  escalate_to?: string | null;
  escalate_users?: number[] | null;
}

const within = (value: number, bounds: { min: number; max: number }) =>
  Number.isInteger(value) && value >= bounds.min && value <= bounds.max;

function checkFollowUp(input: FollowUpInput, context: z.core.$RefinementCtx) {
  const issue = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
  const every = input.repeat_every ?? null;
  const times = input.repeat_times ?? null;
  if (every !== null && !within(every, REPEAT_EVERY)) issue('repeat_every', REPEAT_EVERY_INVALID);
  if (times !== null && !within(times, REPEAT_TIMES)) issue('repeat_times', REPEAT_TIMES_INVALID);
  if (every !== null && times === null) issue('repeat_times', REPEAT_TIMES_REQUIRED);
  if (times !== null && every === null) issue('repeat_every', REPEAT_EVERY_REQUIRED);
  const after = input.escalate_after ?? null;
  const group = Boolean(input.escalate_to) || (input.escalate_users ?? []).length > 0;
  if (after !== null && !within(after, ESCALATE_AFTER)) issue('escalate_after', ESCALATE_AFTER_INVALID);
  if (after !== null && !group) issue('escalate_to', ESCALATION_GROUP_REQUIRED);
  if (after === null && group) issue('escalate_after', ESCALATE_AFTER_REQUIRED);
}

const checkRule = (
  input: Parameters<typeof checkDuration>[0] & Parameters<typeof checkAfterHours>[0] & FollowUpInput,
  context: z.core.$RefinementCtx,
) => {
  checkDuration(input, context);
  checkAfterHours(input, context);
  checkFollowUp(input, context);
};

const alarmFields = {
  name: requiredName(NAME_REQUIRED),
  type: alarmTypeSchema,
  text: requiredText(ALARM_TEXT_REQUIRED, 2000),
  email: alarmEmailSchema,
  duration: durationSchema,
  working_hours: workingHoursSchema.nullish(),
  move_distance: durationSchema,
  repeat_every: durationSchema,
  repeat_times: durationSchema,
  escalate_after: durationSchema,
  escalate_to: alarmEmailSchema,
  escalate_users: z
    .array(entityIdSchema, { error: MUST_BE_A_NUMBER })
    .max(MAX_ESCALATION_USERS, { error: TOO_MANY_ESCALATION_USERS })
    .nullish(),
};

export const alarmInputSchema = z.object(alarmFields).superRefine(checkRule);
export type AlarmInput = z.infer<typeof alarmInputSchema>;

export const alarmUpdateInputSchema = z.object({ ...alarmFields, ...versionShape }).superRefine(checkRule);
export type AlarmUpdateInput = z.infer<typeof alarmUpdateInputSchema>;
