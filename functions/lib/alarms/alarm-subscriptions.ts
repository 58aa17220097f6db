import type { Logger } from '@aws-lambda-powertools/logger';
import type { Alarm } from '../../../shared/schemas/alarm';
import { alarmRecipients } from '../../../shared/schemas/alarm';
import type { AlarmWithSubscriptions } from '../../../shared/schemas/alarm-subscription';
import { type SubscribeFailures, subscribeRecipients, subscriptionStatuses } from './alarm-mail';

/**
 * The alarm rules API's part in alarm mail: saving a rule subscribes its addresses to the alarm
 * topic, and a rule's answer lists each address's subscription state. SNS trouble never fails the save (the
 * rule is stored; its addresses read "not subscribed" and the next save subscribes them) and never fails a
 * read (the answer then has no `subscriptions`). An address SNS refuses reads `failed` with SNS's reason in
 * the save's answer, so nobody believes it will get alarms.
 */
export async function subscribeRuleRecipients(alarm: Pick<Alarm, 'email'>, logger: Logger): Promise<SubscribeFailures> {
  try {
    const failures = await subscribeRecipients(alarmRecipients(alarm));
    if (failures.size > 0)
      logger.warn('SNS refused alarm rule addresses', { reasons: [...new Set(failures.values())] });
    return failures;
  } catch (error) {
    logger.warn('Could not subscribe the alarm rule addresses', { error: (error as Error).message });
    return new Map();
  }
}

export async function withSubscriptions(
  alarm: Alarm,
  logger: Logger,
  failures?: SubscribeFailures,
): Promise<AlarmWithSubscriptions> {
  try {
    return { ...alarm, subscriptions: await subscriptionStatuses(alarmRecipients(alarm), failures) };
  } catch (error) {
    logger.warn('Could not read the alarm rule subscriptions', { error: (error as Error).message });
    return alarm;
  }
}
