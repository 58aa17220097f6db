import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ACCESS_PATTERNS } from '../../../shared/access-patterns';
import type { RoleName } from '../../../shared/permissions';
import type { NoticeSettings, RuleDefault } from '../../../shared/schemas/alarm-notice';
import { dynamo, tableName } from '../data/client';
import { pad, typePartition } from '../data/keys';
import { queryAllPages } from '../data/query-page';
import type { TenantContext } from '../data/tenant-context';

/**
 * Where alarm notices live (docs/data-model.md "Alarm notices"):
 *  - choices   pk T#<t>#ALARM_NOTICE, sk USER#<userId> (a user's own settings) and DEFAULTS (per role and per rule):
 *              the alarm handler reads the whole partition in one Query per alarm.
 *  - per alarm pk T#<t>#ALARM_NOTICE#<alarmId>: CLAIM#<step>#<recipient>#<channel> (each notice sent once),
 *              DUE#FOLLOW (its repeats and escalation) and DUE#HELD#<userId>#<channel> (a notice held for the
 *              user's window); the DUE# items carry gsi1 alarmNoticesByDueTime T#<t>#ALARM_NOTICE#DUE / <due>#…,
 *              which the notice job reads up to now; a finished or stopped entry stays without them (`done`).
 *              Everything of an alarm expires with it (alarmDays).
 */
const NOTICE_TYPE = 'ALARM_NOTICE';
export const NOTICE_DUE_INDEX = ACCESS_PATTERNS.alarmNoticesByDueTime;
const choicesPartition = (ctx: TenantContext) => typePartition(ctx, NOTICE_TYPE);
export const alarmNoticePartition = (ctx: TenantContext, alarmId: string) =>
  `${typePartition(ctx, NOTICE_TYPE)}#${alarmId}`;
export const noticeDuePartition = (ctx: TenantContext) => `${typePartition(ctx, NOTICE_TYPE)}#DUE`;
/** Everything due up to `now`: the entries of one instant sort after `<now>#`, so `~` closes the range. */
export const noticeDueBound = (now: Date) => `${now.toISOString()}#~`;

export interface NoticeDefaults {
  roles: Partial<Record<RoleName, NoticeSettings | null>>;
  rules: RuleDefault[];
}
export interface NoticeChoices {
  users: Map<number, NoticeSettings>;
  defaults: NoticeDefaults;
}
const NO_DEFAULTS: NoticeDefaults = { roles: {}, rules: [] };
const userSk = (userId: number) => `USER#${pad(userId)}`;
const DEFAULTS_SK = 'DEFAULTS';

const settingsOf = (item: Record<string, unknown>): NoticeSettings => item.settings as NoticeSettings;

/** Every user's own choice and the defaults: one Query (a tenant has tens to hundreds of users). */
export async function readNoticeChoices(ctx: TenantContext): Promise<NoticeChoices> {
  const choices: NoticeChoices = { users: new Map(), defaults: NO_DEFAULTS };
  const pages = queryAllPages({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': choicesPartition(ctx) },
  });
  for await (const page of pages) {
    for (const item of page.Items ?? []) {
      if (item.sk === DEFAULTS_SK) choices.defaults = item.defaults as NoticeDefaults;
      else if (typeof item.userId === 'number') choices.users.set(item.userId, settingsOf(item));
    }
  }
  return choices;
}

export async function readOwnNotices(ctx: TenantContext, userId: number): Promise<NoticeSettings | null> {
  const key = { pk: choicesPartition(ctx), sk: userSk(userId) };
  const item = (await dynamo().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;
  return item ? settingsOf(item) : null;
}

export async function saveOwnNotices(ctx: TenantContext, userId: number, settings: NoticeSettings): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: { pk: choicesPartition(ctx), sk: userSk(userId), entityType: NOTICE_TYPE, userId, settings },
    }),
  );
}

export async function removeOwnNotices(ctx: TenantContext, userId: number): Promise<void> {
  await dynamo().send(
    new DeleteCommand({ TableName: tableName(), Key: { pk: choicesPartition(ctx), sk: userSk(userId) } }),
  );
}

export async function readNoticeDefaults(ctx: TenantContext): Promise<NoticeDefaults> {
  const key = { pk: choicesPartition(ctx), sk: DEFAULTS_SK };
  const item = (await dynamo().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;
  return (item?.defaults as NoticeDefaults | undefined) ?? NO_DEFAULTS;
}

export async function saveNoticeDefaults(ctx: TenantContext, defaults: NoticeDefaults): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: { pk: choicesPartition(ctx), sk: DEFAULTS_SK, entityType: NOTICE_TYPE, defaults },
    }),
  );
}

/**
 * Claims one notice of an alarm (its step, recipient and channel) before it goes out: true for the first claim,
 * false when it was claimed before (a redelivered event, a rerun job). At most once: a send that fails after its
 * claim is not tried again, which for a notice is better than twice.
 */
export async function claimNotice(ctx: TenantContext, alarmId: string, claim: string, expiresAt: number) {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          pk: alarmNoticePartition(ctx, alarmId),
          sk: `CLAIM#${claim}`,
          entityType: 'ALARM_NOTICE_CLAIM',
          expiresAt,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** A due entry of the notice job: the follow-up of an alarm, or one held notice. */
export interface NoticeDueItem {
  alarmId: string;
  /** `DUE#FOLLOW` or `DUE#HELD#<userId>#<channel>`. */
  sk: string;
  due: string;
  [attribute: string]: unknown;
}

/** `onlyNew`: put once (a redelivered event finds it); `movedFrom`: only while its due time is the one read. */
export async function putNoticeDue(
  ctx: TenantContext,
  entry: NoticeDueItem,
  expiresAt: number,
  only: { onlyNew?: boolean; movedFrom?: string } = {},
) {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...entry,
          pk: alarmNoticePartition(ctx, entry.alarmId),
          entityType: 'ALARM_NOTICE_DUE',
          gsi1pk: noticeDuePartition(ctx),
          gsi1sk: `${entry.due}#${entry.alarmId}#${entry.sk}`,
          expiresAt,
        },
        ...(only.onlyNew ? { ConditionExpression: 'attribute_not_exists(pk)' } : {}),
        ...(only.movedFrom
          ? { ConditionExpression: 'due = :read', ExpressionAttributeValues: { ':read': only.movedFrom } }
          : {}),
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * Takes a due entry out of the due index, only while it is as read (a concurrent run moved it: that run wins).
 * The item stays, without its index keys, until the alarm expires: a redelivered event that puts the entry again
 * `onlyNew` finds it there, so a finished follow-up never starts over.
 */
export async function retireNoticeDue(ctx: TenantContext, entry: Pick<NoticeDueItem, 'alarmId' | 'sk' | 'due'>) {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: alarmNoticePartition(ctx, entry.alarmId), sk: entry.sk },
        UpdateExpression: 'SET done = :true REMOVE gsi1pk, gsi1sk',
        ConditionExpression: 'due = :due',
        ExpressionAttributeValues: { ':due': entry.due, ':true': true },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/** The due entries of every alarm due by `now`, oldest first. */
export async function dueNotices(ctx: TenantContext, now: Date): Promise<NoticeDueItem[]> {
  const due: NoticeDueItem[] = [];
  const pages = queryAllPages({
    TableName: tableName(),
    IndexName: NOTICE_DUE_INDEX,
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :bound',
    ExpressionAttributeValues: { ':pk': noticeDuePartition(ctx), ':bound': noticeDueBound(now) },
  });
  for await (const page of pages) for (const item of page.Items ?? []) due.push(item as NoticeDueItem);
  return due;
}

/** Acknowledged or resolved: nothing of the alarm is due any more (its repeats, escalation and held notices). */
export async function retireAlarmNoticeDues(ctx: TenantContext, alarmId: string): Promise<void> {
  const found = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :due)',
      ExpressionAttributeValues: { ':pk': alarmNoticePartition(ctx, alarmId), ':due': 'DUE#' },
      ProjectionExpression: 'sk, due, done',
    }),
  );
  for (const item of found.Items ?? []) {
    if (!item.done) await retireNoticeDue(ctx, { alarmId, sk: item.sk, due: item.due });
  }
}
