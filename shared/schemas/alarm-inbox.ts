import { z } from 'zod';
import { assetAlarmSchema } from './asset-alarm';

/**
 * One open (unacknowledged) alarm of the caller's inbox: the sent alarm with its asset's current
 * name (null for a tag linked to no asset, which only staff see). Acknowledged through the alarm's `@id` +
 * `/acknowledge`: PUT /api/assets/{id}/alarms/{alarmId}/acknowledge, or /api/devices/{id}/… without asset.
 */
export const alarmInboxEntrySchema = assetAlarmSchema.extend({
  assetName: z.string().nullable(),
});
export type AlarmInboxEntry = z.infer<typeof alarmInboxEntrySchema>;

/**
 * The total counts at most this many open alarms (a count query stops there): a badge shows "999+" beyond,
 * and `x-total-exact: false` says the count stopped.
 */
export const ALARM_INBOX_COUNT_LIMIT = 1000;
