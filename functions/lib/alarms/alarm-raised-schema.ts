import { z } from 'zod';
import { ALARM_TYPES } from '../../../shared/schemas/alarm';
import type { AlarmRaised } from '../pipeline/contracts';

/**
 * The AlarmRaised event's detail as the alarm handler reads it: what the processor and the jobs put on the bus
 * (functions/lib/pipeline/contracts.ts), checked rather than cast. A detail in another shape throws, so the
 * event goes to the rule's failure queue where an operator sees it, instead of mailing half an alarm.
 */
export const alarmRaisedSchema = z.object({
  tenantId: z.string().min(1),
  kind: z.literal(ALARM_TYPES),
  assetId: z.number().int().nullable(),
  assetName: z.string().nullable(),
  deviceId: z.number().int(),
  deviceName: z.string().nullable(),
  devEui: z.string(),
  zoneId: z.number().int().nullable(),
  zoneName: z.string().nullable(),
  at: z.string().min(1),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  ruleId: z.number().int().optional(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  profileId: z.number().int().optional(),
}) satisfies z.ZodType<AlarmRaised>;
