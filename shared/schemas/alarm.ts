import { z } from 'zod';
import {
  entityIdSchema,
  jsonLdShape,
  NAME_REQUIRED,
  type NumberInput,
  optionalEmail,
  requiredText,
  toNumber,
  versionShape,
} from './common';

export const ALARM_TYPE_REQUIRED = 'Select one type';
export const ALARM_TEXT_REQUIRED = 'The text is required';

export const ALARM_TYPES = [0, 1, 2] as const;
/** MUI selects may hand over "1" rather than 1; both mean the same type. */
export const alarmTypeSchema = z.preprocess(
  (v: NumberInput) => toNumber(v),
  z.union([z.literal(0), z.literal(1), z.literal(2)], { error: ALARM_TYPE_REQUIRED }),
);
export type AlarmType = (typeof ALARM_TYPES)[number];

export const ALARM_TYPE_LABELS: Record<AlarmType, string> = {
  0: 'Asset tag sabotaged',
  1: 'Asset outside the geo zone',
  2: 'Asset battery level low',
};

/**
 * Choosing a type prefills the text with a template holding an asset-name placeholder (spec 000 s.2). The
 * wording and placeholder are ours; the alarm sender fills the placeholder with renderAlarmText.
 */
export const ALARM_ASSET_NAME_PLACEHOLDER = '{asset_name}';
export const ALARM_TEXT_TEMPLATES: Record<AlarmType, string> = {
  0: `The tag of asset ${ALARM_ASSET_NAME_PLACEHOLDER} has been sabotaged.`,
  1: `Asset ${ALARM_ASSET_NAME_PLACEHOLDER} is outside its geo zone.`,
  2: `The battery level of the tag of asset ${ALARM_ASSET_NAME_PLACEHOLDER} is low.`,
};
export const renderAlarmText = (text: string, assetName: string): string =>
  text.split(ALARM_ASSET_NAME_PLACEHOLDER).join(assetName);

export const alarmSchema = z.object({
  ...jsonLdShape,
  id: entityIdSchema,
  name: z.string(),
  type: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  text: z.string(),
  email: z.string().nullable(),
  ...versionShape,
});
export type Alarm = z.infer<typeof alarmSchema>;

const alarmFields = {
  name: requiredText(NAME_REQUIRED),
  type: alarmTypeSchema,
  text: requiredText(ALARM_TEXT_REQUIRED, 2000),
  email: optionalEmail(),
};

export const alarmInputSchema = z.object(alarmFields);
export type AlarmInput = z.infer<typeof alarmInputSchema>;

export const alarmUpdateInputSchema = z.object({ ...alarmFields, ...versionShape });
export type AlarmUpdateInput = z.infer<typeof alarmUpdateInputSchema>;
