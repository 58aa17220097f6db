import { z } from 'zod';
import {
  entityIdSchema,
  INVALID_EMAIL,
  jsonLdShape,
  NAME_REQUIRED,
  type NumberInput,
  requiredName,
  requiredText,
  toNumber,
  tooLong,
  versionShape,
} from './common';

export const ALARM_TYPE_REQUIRED = 'Select one type';
export const ALARM_TEXT_REQUIRED = 'The text is required';

export const ALARM_TYPES = [0, 1, 2, 3] as const;
/** MUI selects may hand over "1" rather than 1; both mean the same type. */
export const alarmTypeSchema = z.preprocess(
  (v: NumberInput) => toNumber(v),
  z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)], { error: ALARM_TYPE_REQUIRED }),
);
export type AlarmType = (typeof ALARM_TYPES)[number];

export const ALARM_TYPE_LABELS: Record<AlarmType, string> = {
  0: 'Asset tag sabotaged',
  1: 'Asset outside the geo zone',
  2: 'Asset battery level low',
  3: 'Asset tag silent',
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

export const alarmSchema = z.object({
  ...jsonLdShape,
  id: entityIdSchema,
  name: z.string(),
  type: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  text: z.string(),
  email: z.string().nullable(),
  ...versionShape,
});
export type Alarm = z.infer<typeof alarmSchema>;

const alarmFields = {
  name: requiredName(NAME_REQUIRED),
  type: alarmTypeSchema,
  text: requiredText(ALARM_TEXT_REQUIRED, 2000),
  email: alarmEmailSchema,
};

export const alarmInputSchema = z.object(alarmFields);
export type AlarmInput = z.infer<typeof alarmInputSchema>;

export const alarmUpdateInputSchema = z.object({ ...alarmFields, ...versionShape });
export type AlarmUpdateInput = z.infer<typeof alarmUpdateInputSchema>;
