import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isStaff } from '../../../shared/permissions';
import {
  ALARM_HANDLING_MESSAGES,
  ALARM_HISTORY_MAX,
  type AlarmHistoryStep,
  type AlarmOwner,
  type AlarmStep,
} from '../../../shared/schemas/alarm-handling';
import type { AssetAlarm } from '../../../shared/schemas/asset-alarm';
import { noteUpdated } from '../audit/change-notes';
import { dynamo, tableName } from '../data/client';
import { fromItem } from '../data/repository';
import type { TenantContext } from '../data/tenant-context';
import { conflict, notFound, unprocessable } from '../http/errors';
import { type VersionExpectation, writeExpecting } from '../http/preconditions';
import { userRepository } from '../users/user-repository';
import { handlingOf, refusalOf, stateAfter } from './alarm-handling-record';
import { ALARM_INBOX_KEY_ATTRIBUTES } from './alarm-inbox-keys';
import { noticeLog } from './alarm-notice-log';
import { retireAlarmNoticeDues } from './alarm-notice-store';
import { type SentAlarmOwner, type SentAlarmRecord, sentAlarmsPartition, toApiAssetAlarm } from './sent-alarms';

/**
 * A step in a sent alarm's life (docs/decisions/0310-a-sent-alarm-has-an-owner-and-a-life-open-acknowledged-resolved.md):
 * assign, acknowledge or resolve. One conditional UpdateItem writes the new state, the step appended to the
 * history and the next version, so two people at once never both win: the loser reads again and is refused
 * with what happened (already acknowledged, already resolved) or, when they named the version they saw, with
 * 412/409. Resolving removes the inbox keys in the same write; the alarm then lives on its asset's tab only.
 */
export interface AlarmStepRequest {
  step: AlarmStep;
  /** The caller's username, as `acknowledgedBy` has always held. */
  who: string;
  comment: string | null;
  /** An assignment's new owner (null: nobody). */
  owner?: AlarmOwner | null;
  expectation: VersionExpectation;
}

export interface AlarmStepResult {
  alarm: AssetAlarm;
  /** The customer whose inbox holds the alarm (live push tells their channel too). */
  clientId: number | null;
}

export async function takeAlarmStep(
  ctx: TenantContext,
  partition: SentAlarmOwner,
  alarmId: string,
  request: AlarmStepRequest,
): Promise<AlarmStepResult> {
  const key = { pk: sentAlarmsPartition(ctx, partition), sk: `ALARM#${alarmId}` };
  const read = async () => {
    const item = (await dynamo().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;
    if (!item) throw notFound();
    const record = fromItem<SentAlarmRecord>(item);
    const handling = handlingOf(record);
    const refusal = refusalOf(handling.state, request.step);
    if (refusal) throw conflict(ALARM_HANDLING_MESSAGES[refusal]);
    if (handling.history.length >= ALARM_HISTORY_MAX) throw conflict(ALARM_HANDLING_MESSAGES.historyFull);
    return { ...handling, record, versionStored: typeof item.version === 'number' };
  };
  return writeExpecting(request.expectation, read, async (current) => {
    const at = new Date().toISOString();
    const entry: AlarmHistoryStep = {
      step: request.step,
      at,
      by: request.who,
      comment: request.comment,
      owner: request.step === 'assigned' ? (request.owner ?? null) : null,
    };
    const state = stateAfter(current.state, request.step);
    const update = updateOf(request, entry, state, [...current.history, entry], current.version);
    try {
      const result = await dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key,
          UpdateExpression: update.expression,
          ConditionExpression: `attribute_exists(pk) AND ${
            current.versionStored ? 'version = :version' : 'attribute_not_exists(version)'
          }`,
          ExpressionAttributeNames: update.names,
          ExpressionAttributeValues: {
            ...update.values,
            ...(current.versionStored ? { ':version': current.version } : {}),
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      noteUpdated(
        'sentAlarm',
        alarmId,
        { state: current.state, owner: current.owner?.username ?? null },
        { state, owner: (request.step === 'assigned' ? request.owner : current.owner)?.username ?? null },
      );
      if (request.step !== 'assigned') await stopNotices(ctx, alarmId);
      return { alarm: toApiAssetAlarm(result.Attributes ?? {}), clientId: current.record.clientId ?? null };
    } catch (error) {
      // Someone took a step between the read and the write: writeExpecting reads again (or answers 409).
      if (error instanceof ConditionalCheckFailedException) throw conflict();
      throw error;
    }
  });
}

/**
 * Acknowledged or resolved: its repeats, escalation and held notices are no longer due. The notice job checks the
 * alarm's state before it sends anyway, so a removal that fails only leaves it an entry to drop.
 */
async function stopNotices(ctx: TenantContext, alarmId: string) {
  try {
    await retireAlarmNoticeDues(ctx, alarmId);
  } catch (error) {
    noticeLog.warn('alarm notice entries not removed', { error: (error as Error).message });
  }
}

function updateOf(
  request: AlarmStepRequest,
  entry: AlarmHistoryStep,
  state: string,
  history: AlarmHistoryStep[],
  version: number,
) {
  const sets = ['#state = :state', 'history = :history', 'version = :next'];
  const removes: string[] = [];
  const names: Record<string, string> = { '#state': 'state' };
  const values: Record<string, unknown> = { ':state': state, ':history': history, ':next': version + 1 };
  if (request.step === 'acknowledged') {
    sets.push('acknowledgedAt = :at', 'acknowledgedBy = :who');
    Object.assign(values, { ':at': entry.at, ':who': entry.by });
  } else if (request.step === 'resolved') {
    sets.push('resolvedAt = :at', 'resolvedBy = :who');
    Object.assign(values, { ':at': entry.at, ':who': entry.by });
    removes.push(ALARM_INBOX_KEY_ATTRIBUTES);
  } else {
    names['#owner'] = 'owner';
    if (request.owner) {
      sets.push('#owner = :owner');
      values[':owner'] = request.owner;
    } else removes.push('#owner');
  }
  const expression = `SET ${sets.join(', ')}${removes.length > 0 ? ` REMOVE ${removes.join(', ')}` : ''}`;
  return { expression, names, values };
}

/**
 * The owner an assignment names: an active staff user of the caller's tenant. A user of another tenant is
 * not found in this one, so it is refused like a deactivated one or a client user (422 on `owner`).
 */
export async function assignableOwner(ctx: TenantContext, userId: number | null): Promise<AlarmOwner | null> {
  if (userId === null) return null;
  const user = await userRepository.get(ctx, userId);
  if (!user?.active || !isStaff(user.roles)) {
    throw unprocessable([{ propertyPath: 'owner', message: ALARM_HANDLING_MESSAGES.ownerUnknown }]);
  }
  return { id: user.id, username: user.username };
}
