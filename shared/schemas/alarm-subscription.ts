import type { Alarm } from './alarm';

/** An alarm address's state on the alarm topic (SNS e-mail subscription; issue 9). */
export type AlarmSubscriptionStatus = 'pending confirmation' | 'confirmed' | 'not subscribed';

export interface AlarmSubscription {
  email: string;
  status: AlarmSubscriptionStatus;
}

/** A rule as GET/POST/PUT /api/alarms/{id} answer it: with its addresses' subscription states when known. */
export type AlarmWithSubscriptions = Alarm & { subscriptions?: AlarmSubscription[] };
