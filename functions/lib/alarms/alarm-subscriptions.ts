import type { Logger } from '@aws-lambda-powertools/logger';
import type { Alarm } from '../../../shared/schemas/alarm';
import { alarmRecipients } from '../../../shared/schemas/alarm';
import type { AlarmWithSubscriptions } from '../../../shared/schemas/alarm-subscription';
import { subscribeRecipients, subscriptionStatuses } from './alarm-mail';

/**
 * The alarm rules API's part in alarm mail (issue 9): saving a rule subscribes its addresses to the alarm
 * topic, and a rule's answer lists each address's subscription state. SNS trouble never fails the save (the
 * rule is stored; its addresses read "not subscribed" and the next save subscribes them) and never fails a
 * read (the answer then has no `subscriptions`).
 */
export async function subscribeRuleRecipients(alarm: Pick<Alarm, 'email'>, logger: Logger): Promise<void> {
  try {
    await subscribeRecipients(alarmRecipients(alarm));
  } catch (error) {
    logger.warn('Could not subscribe the alarm rule addresses', { error: (error as Error).message });
  }
}

export async function withSubscriptions(alarm: Alarm, logger: Logger): Promise<AlarmWithSubscriptions> {
  try {
    return { ...alarm, subscriptions: await subscriptionStatuses(alarmRecipients(alarm)) };
  } catch (error) {
    logger.warn('Could not read the alarm rule subscriptions', { error: (error as Error).message });
    return alarm;
  }
}
