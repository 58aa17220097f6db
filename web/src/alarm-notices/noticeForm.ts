import {
  DEFAULT_NOTICE_TIME_ZONE,
  type NoticeChannel,
  type NoticeSettings,
  noticeSettingsSchema,
  type OutsideHours,
} from '@shared/schemas/alarm-notice';
import { WEEKDAYS } from '@shared/schemas/working-hours';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { DEFAULT_WORKING_HOURS_TEXT, type WorkingHoursText, workingHoursText } from '../alarm-rules/WorkingHoursFields';

/**
 * The notice settings as the form holds them: switches for the optional hours, a text per weekday. The shared
 * schema checks what the form becomes (toSettings), so the console and the API refuse the same things.
 */
export interface NoticeFormValues {
  allRules: boolean;
  rules: number[];
  channels: NoticeChannel[];
  useWorkingHours: boolean;
  working_hours: WorkingHoursText;
  useQuietHours: boolean;
  quiet_from: string;
  quiet_to: string;
  time_zone: string;
  outside_hours: OutsideHours;
}

export const formValuesOf = (settings: NoticeSettings): NoticeFormValues => ({
  allRules: settings.rules === 'all',
  rules: settings.rules === 'all' ? [] : settings.rules,
  channels: settings.channels,
  useWorkingHours: settings.working_hours !== null,
  working_hours: settings.working_hours ? workingHoursText(settings.working_hours) : DEFAULT_WORKING_HOURS_TEXT,
  useQuietHours: settings.quiet_hours !== null,
  quiet_from: settings.quiet_hours?.from ?? '22:00',
  quiet_to: settings.quiet_hours?.to ?? '07:00',
  time_zone: settings.time_zone,
  outside_hours: settings.outside_hours,
});

/** What the form says, as the API takes it (the working hours still as texts: the schema splits them). */
export const toSettingsInput = (values: NoticeFormValues) => ({
  rules: values.allRules ? ('all' as const) : values.rules,
  channels: values.channels,
  working_hours: values.useWorkingHours ? values.working_hours : null,
  quiet_hours: values.useQuietHours ? { from: values.quiet_from, to: values.quiet_to } : null,
  time_zone: values.time_zone.trim(),
  outside_hours: values.outside_hours,
});

/** The form field a schema path (or an API violation's propertyPath) belongs to. */
export function fieldOfPath(path: string): string {
  if (path.startsWith('quiet_hours')) return path.endsWith('from') ? 'quiet_from' : 'quiet_to';
  if (path.startsWith('working_hours')) {
    const day = WEEKDAYS.find((weekday) => path.includes(weekday));
    return day ? `working_hours.${day}` : 'working_hours.mon';
  }
  return path.split(/[.[]/)[0] ?? path;
}

/** The shared schema as the form's resolver: the parsed settings, or each first message on its field. */
export const noticeResolver: Resolver<NoticeFormValues> = async (values) => {
  const parsed = noticeSettingsSchema.safeParse(toSettingsInput(values));
  if (parsed.success) return { values, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of parsed.error.issues) {
    const field = fieldOfPath(issue.path.map(String).join('.'));
    errors[field] ??= { type: 'schema', message: issue.message };
  }
  return { values: {}, errors: nested(errors) as FieldErrors<NoticeFormValues> };
};

/** `working_hours.mon` → { working_hours: { mon } }, as react-hook-form reads nested errors. */
function nested(flat: Record<string, unknown>) {
  const result: Record<string, unknown> = {};
  for (const [path, error] of Object.entries(flat)) {
    const [head, tail] = path.split('.') as [string, string | undefined];
    if (tail) result[head] = { ...(result[head] as object | undefined), [tail]: error };
    else result[head] = error;
  }
  return result;
}

export const parseSettings = (values: NoticeFormValues): NoticeSettings =>
  noticeSettingsSchema.parse(toSettingsInput(values));

export const NEW_ROLE_DEFAULT: NoticeSettings = {
  rules: 'all',
  channels: ['email'],
  working_hours: null,
  quiet_hours: null,
  time_zone: DEFAULT_NOTICE_TIME_ZONE,
  outside_hours: 'hold',
};
