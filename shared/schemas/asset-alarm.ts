import { z } from 'zod';
import { ALARM_TYPES } from './alarm';
import { alarmHandlingShape } from './alarm-handling';

/** An alarm sent for an asset: what the alarm handler recorded, with its handling (state, owner, history). */
export const assetAlarmSchema = z.object({
  '@id': z.string(),
  '@type': z.literal('AssetAlarm'),
  /** Sortable by time: `<yyyymmddThhmmssmmmZ>-<rule id>-<event hash>`. */
  id: z.string(),
  ruleId: z.number(),
  ruleName: z.string(),
  /** The rule's type (shared/schemas/alarm.ts ALARM_TYPES). */
  type: z.literal(ALARM_TYPES),
  assetId: z.number().nullable(),
  deviceId: z.number(),
  devEui: z.string(),
  /** When the tag measured the event that raised it (ISO 8601 UTC). */
  at: z.string(),
  text: z.string(),
  recipients: z.array(z.string()),
  sentAt: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  acknowledgedBy: z.string().nullable(),
  ...alarmHandlingShape,
});
export type AssetAlarm = z.infer<typeof assetAlarmSchema>;

/** The path parameter of PUT /api/assets/{id}/alarms/{alarmId}/acknowledge. */
export const assetAlarmIdSchema = z.string().regex(/^\d{8}T\d{9}Z-\d+-[0-9a-f]{12}$/, 'Unknown alarm');
