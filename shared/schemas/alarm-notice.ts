import { z } from 'zod';
import { ROLES, type RoleName } from '../permissions';
import { entityIdSchema, jsonLdShape } from './common';
import { workingHoursSchema } from './working-hours';

/**
 * Alarm notices (docs/decisions/0316-alarm-notices-per-user-held-repeated-and-escalated-by-one-due-job.md): which
 * alarm rules a user is told of, on which channels, in which hours. A user's own choice, or else the defaults an
 * administrator set per role and per rule. A rule's plain e-mail recipients are not part of this: they stay on the
 * rule. "Alarm subscriptions" names the SNS state of those addresses, so this feature is "alarm notices".
 */
export const NOTICE_CHANNELS = ['email', 'push'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];
/** What happens to a notice outside the user's hours: held until the window opens, or dropped. */
export const OUTSIDE_HOURS = ['hold', 'drop'] as const;
export type OutsideHours = (typeof OUTSIDE_HOURS)[number];
export const MAX_NOTICE_RULES = 200;
export const DEFAULT_NOTICE_TIME_ZONE = 'Europe/Amsterdam';

export const TIME_ZONE_INVALID = 'Choose a time zone such as Europe/Amsterdam';
export const QUIET_HOURS_INVALID = 'Write the quiet hours as HH:MM, for example 22:00 to 07:00';
export const QUIET_HOURS_EMPTY = 'Quiet hours must not start and end at the same time';
export const CHANNELS_DUPLICATE = 'Name each channel once';
export const RULES_DUPLICATE = 'Name each rule once';
export const TOO_MANY_RULES = `At most ${MAX_NOTICE_RULES} rules`;

/** An IANA zone the runtime knows (Intl refuses any other); "UTC" too. */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z
  .string({ error: TIME_ZONE_INVALID })
  .max(64, { error: TIME_ZONE_INVALID })
  .refine(isTimeZone, { error: TIME_ZONE_INVALID });

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
/** Quiet from `from` up to `to` on the user's clock, every day; 22:00 to 07:00 runs over midnight. */
export const quietHoursSchema = z
  .object(
    {
      from: z.string().regex(CLOCK, { error: QUIET_HOURS_INVALID }),
      to: z.string().regex(CLOCK, { error: QUIET_HOURS_INVALID }),
    },
    { error: QUIET_HOURS_INVALID },
  )
  .refine((quiet) => quiet.from !== quiet.to, { error: QUIET_HOURS_EMPTY, path: ['to'] });
export type QuietHours = z.infer<typeof quietHoursSchema>;

const unique = <T>(values: readonly T[]) => new Set(values).size === values.length;

/** What a user (or a role's default) chooses. */
export const noticeSettingsShape = {
  /** 'all' of the tenant's rules, or these (ids). */
  rules: z.union([
    z.literal('all'),
    z.array(entityIdSchema).max(MAX_NOTICE_RULES, { error: TOO_MANY_RULES }).refine(unique, { error: RULES_DUPLICATE }),
  ]),
  channels: z.array(z.enum(NOTICE_CHANNELS)).max(NOTICE_CHANNELS.length).refine(unique, { error: CHANNELS_DUPLICATE }),
  /** Told only inside these hours (null: any hour). */
  working_hours: workingHoursSchema.nullable(),
  /** Never told inside these (null: none). */
  quiet_hours: quietHoursSchema.nullable(),
  time_zone: timeZoneSchema,
  outside_hours: z.enum(OUTSIDE_HOURS),
};
export const noticeSettingsSchema = z.object(noticeSettingsShape);
export type NoticeSettings = z.infer<typeof noticeSettingsSchema>;

/** A user with no choice of their own and no default for their roles: told nothing. */
export const NOTICE_FALLBACK: NoticeSettings = {
  rules: [],
  channels: ['email'],
  working_hours: null,
  quiet_hours: null,
  time_zone: DEFAULT_NOTICE_TIME_ZONE,
  outside_hours: 'hold',
};

/** A rule a user may choose (the answer lists them, as a client user may not read the rules themselves). */
export const noticeRuleSchema = z.object({ id: entityIdSchema, name: z.string(), type: z.number() });

/** GET/PUT /api/alarm-notices/me: the caller's own settings, or their defaults (`own: false`). */
export const alarmNoticePreferencesSchema = z.object({
  ...jsonLdShape,
  ...noticeSettingsShape,
  own: z.boolean(),
  available_rules: z.array(noticeRuleSchema),
});
export type AlarmNoticePreferences = z.infer<typeof alarmNoticePreferencesSchema>;
export const alarmNoticePreferencesInputSchema = noticeSettingsSchema;

/** The defaults: per role a whole setting, per rule the roles told of it (over the roles' own choice of rules). */
export const roleDefaultsShape = Object.fromEntries(ROLES.map((role) => [role, noticeSettingsSchema.nullable()])) as {
  [K in RoleName]: z.ZodNullable<typeof noticeSettingsSchema>;
};
export const ruleDefaultSchema = z.object({
  rule: entityIdSchema,
  roles: z.array(z.enum(ROLES)).max(ROLES.length).refine(unique, { error: 'Name each role once' }),
});
export type RuleDefault = z.infer<typeof ruleDefaultSchema>;

export const alarmNoticeDefaultsInputSchema = z.object({
  roles: z.object(roleDefaultsShape).partial(),
  rules: z
    .array(ruleDefaultSchema)
    .max(MAX_NOTICE_RULES, { error: TOO_MANY_RULES })
    .refine((rules) => unique(rules.map((r) => r.rule)), { error: RULES_DUPLICATE }),
});
export type AlarmNoticeDefaultsInput = z.infer<typeof alarmNoticeDefaultsInputSchema>;

export const alarmNoticeDefaultsSchema = z.object({
  ...jsonLdShape,
  roles: z.object(roleDefaultsShape),
  rules: z.array(ruleDefaultSchema),
  available_rules: z.array(noticeRuleSchema),
});
export type AlarmNoticeDefaults = z.infer<typeof alarmNoticeDefaultsSchema>;
