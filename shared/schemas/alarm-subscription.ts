import type { Alarm } from './alarm';

/**
 * An alarm address's state on the alarm topic (SNS e-mail subscription; issue 9). `failed`: SNS refused the
 * subscription when the rule was saved, `reason` is SNS's error code (e.g. FilterPolicyLimitExceeded).
 */
export type AlarmSubscriptionStatus = 'pending confirmation' | 'confirmed' | 'not subscribed' | 'failed';

export interface AlarmSubscription {
  email: string;
  status: AlarmSubscriptionStatus;
  reason?: string;
}

/** A rule as GET/POST/PUT /api/alarms/{id} answer it: with its addresses' subscription states when known. */
export type AlarmWithSubscriptions = Alarm & { subscriptions?: AlarmSubscription[] };
