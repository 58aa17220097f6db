import { AdminDeleteUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { alarmRecipients } from '../../../shared/schemas/alarm';
import { SETTING_NAMES } from '../../../shared/schemas/settings';
import { ACCESS_PATTERNS } from '../../../shared/table';
import { alarmRepository } from '../alarms/alarm-repository';
import { cognito, userPoolId } from '../auth/cognito';
import { removeRecoveryCodes } from '../auth/recovery-codes';
import { accountManagerClientsPartition, clientRepository } from '../clients/client-repository';
import { dynamo, tableName } from '../data/client';
import type { Repository, Stored } from '../data/repository';
import type { TenantContext } from '../data/tenant-context';
import { HttpError } from '../http/errors';
import { readNotificationSettings } from '../notifications/notification-settings';
import {
  RESET_GUESSES_PER_ACCOUNT,
  RESET_LOCK,
  RESET_REQUESTS_PER_ADDRESS,
  SIGN_IN_FAILURES_PER_ACCOUNT,
} from '../security/limits';
import { forgetSubject } from '../security/rate-limit';
import { settingIdOf, settingRepository } from '../settings/setting-repository';
import { userRepository } from '../users/user-repository';
import { pushSubscriptionsOf, removePushSubscription } from '../web-push/push-subscriptions';
import { contextOf, type ErasureStep, errorName, HISTORY_STEP } from './erasure-progress';

/**
 * The steps of an erasure, in order, each safe to run again: a step answers where its walk stopped (a cursor)
 * or nothing once it is done. The live data goes first (the account, the addresses that would still be mailed),
 * then the records of the past (history-walk.ts, the tenant-walk job's).
 */

/**
 * The record, the Cognito user, the recovery codes, the browsers' push subscriptions (no notice reaches a device
 * afterwards) and what the sign-in and reset limits keep of the login.
 */
const removeAccount: ErasureStep = async (erasure) => {
  const ctx = contextOf(erasure);
  if (await userRepository.get(ctx, erasure.userId)) await userRepository.remove(ctx, erasure.userId);
  await cognito()
    .send(new AdminDeleteUserCommand({ UserPoolId: userPoolId(), Username: erasure.username }))
    .catch((error) => {
      if (errorName(error) !== 'UserNotFoundException') throw error;
    });
  await removeRecoveryCodes(erasure.username);
  for (const subscription of await pushSubscriptionsOf(ctx, erasure.userId))
    await removePushSubscription(ctx, erasure.userId, subscription.id);
  const limits = [SIGN_IN_FAILURES_PER_ACCOUNT, RESET_REQUESTS_PER_ADDRESS, RESET_GUESSES_PER_ACCOUNT, RESET_LOCK];
  for (const subject of new Set([erasure.username, erasure.email].map((text) => text.trim().toLowerCase())))
    await forgetSubject(limits, subject);
  return undefined;
};

/** Writes the change on the latest version, reading again when someone saved in between. */
async function changeLatest<T extends Stored>(
  repository: Repository<T>,
  ctx: TenantContext,
  id: number,
  change: (current: T) => Omit<T, 'id' | 'version'>,
) {
  for (let attempt = 1; ; attempt++) {
    const current = await repository.get(ctx, id);
    if (!current) return;
    try {
      await repository.update(ctx, id, current.version, () => change(current));
      return;
    } catch (error) {
      if (!(error instanceof HttpError && error.status === 409) || attempt >= 5) throw error;
    }
  }
}

const isAddress = (email: string) => (to: string) => to.trim().toLowerCase() === email.trim().toLowerCase();

/** Alarm rules stop mailing the address (a rule with no address left mails nobody, as one saved without). */
const removeFromAlarmRules: ErasureStep = async (erasure) => {
  const ctx = contextOf(erasure);
  const { items } = await alarmRepository.page(ctx, { page: 1, itemsPerPage: 5000 });
  for (const rule of items.filter((rule) => alarmRecipients(rule).some(isAddress(erasure.email)))) {
    await changeLatest(alarmRepository, ctx, rule.id, (current) => {
      const kept = alarmRecipients(current).filter((to) => !isAddress(erasure.email)(to));
      return { ...current, email: kept.length > 0 ? kept.join(', ') : null };
    });
  }
  return undefined;
};

/** Report mails no longer go to the address (they go to the planners again, as when none is set). */
const removeReportAddress: ErasureStep = async (erasure) => {
  const ctx = contextOf(erasure);
  const settings = await readNotificationSettings(ctx);
  const id = settingIdOf(SETTING_NAMES.notifications);
  if (!settings.email || !isAddress(erasure.email)(settings.email) || id === undefined) return undefined;
  await changeLatest(settingRepository, ctx, id, (current) => ({ ...current, data: { ...settings, email: null } }));
  return undefined;
};

/** Customers the person looked after have no account manager any more. */
const removeAccountManager: ErasureStep = async (erasure) => {
  const ctx = contextOf(erasure);
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: ACCESS_PATTERNS.clientsByAccountManager,
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': accountManagerClientsPartition(ctx, erasure.userId) },
    }),
  );
  for (const item of Items)
    await changeLatest(clientRepository, ctx, Number(item.id), (current) => ({ ...current, account_manager: null }));
  return undefined;
};

/** The steps the request runs itself: the live data, each a few reads and writes. */
export const LIVE_DATA_STEPS: readonly ErasureStep[] = [
  removeAccount,
  removeFromAlarmRules,
  removeReportAddress,
  removeAccountManager,
];
if (LIVE_DATA_STEPS.length !== HISTORY_STEP) throw new Error('The history walk must come right after the live steps');
