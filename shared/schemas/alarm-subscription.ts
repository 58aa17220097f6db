import { z } from 'zod';
import { alarmSchema } from './alarm';

/**
 * An alarm address's state on the alarm topic (SNS e-mail subscription). `failed`: SNS refused the
 * subscription when the rule was saved, `reason` is SNS's error code (e.g. FilterPolicyLimitExceeded).
 */
export const ALARM_SUBSCRIPTION_STATUSES = ['pending confirmation', 'confirmed', 'not subscribed', 'failed'] as const;
export type AlarmSubscriptionStatus = (typeof ALARM_SUBSCRIPTION_STATUSES)[number];

export const alarmSubscriptionSchema = z.object({
  email: z.string(),
  status: z.enum(ALARM_SUBSCRIPTION_STATUSES),
  reason: z.string().optional(),
});
export type AlarmSubscription = z.infer<typeof alarmSubscriptionSchema>;

/**
 * A rule as GET/POST/PUT /api/alarms/{id} answer it: with its addresses' subscription states when they could
 * be read (the list leaves them out: one SNS read per rule).
 */
export const alarmWithSubscriptionsSchema = alarmSchema.extend({
  subscriptions: z.array(alarmSubscriptionSchema).optional(),
});
export type AlarmWithSubscriptions = z.infer<typeof alarmWithSubscriptionsSchema>;
