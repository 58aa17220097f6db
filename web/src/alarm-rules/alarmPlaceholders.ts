import { ALARM_PLACEHOLDERS, type AlarmPlaceholder } from '@shared/schemas/alarm';

/** A placeholder as it stands in a text: 'asset_name' -> '{asset_name}'. */
export const placeholderToken = (name: AlarmPlaceholder) => `{${name}}`;

/** The placeholders the alarm sender fills (shared/schemas/alarm.ts), in the order the chips show them. */
export const TEXT_PLACEHOLDERS: readonly AlarmPlaceholder[] = ALARM_PLACEHOLDERS;
