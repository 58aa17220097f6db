import { assetAddressOf } from '../../shared/address';
import { ALARM_TYPE_LABELS, alarmRecipients, renderAlarmText } from '../../shared/schemas/alarm';
import { ACCESS_PATTERNS } from '../../shared/table';
import { publishAlarmMail } from '../lib/alarms/alarm-mail';
import { readNoticeChoices } from '../lib/alarms/alarm-notice-store';
import { hasFollowUp, type NoticedAlarm, noticeAlarm, planFollowUp } from '../lib/alarms/alarm-notices';
import { alarmRaisedSchema } from '../lib/alarms/alarm-raised-schema';
import { type AlarmRecord, alarmsOfTypePartition } from '../lib/alarms/alarm-repository';
import { anyNoticeChoice, type NoticeTarget, noticeAudience } from '../lib/alarms/notice-audience';
import { claimSentAlarm, markSentAlarm, type SentAlarmRecord, sentAlarmId } from '../lib/alarms/sent-alarms';
import { assetRepository } from '../lib/assets/asset-repository';
import { tableName } from '../lib/data/client';
import { queryAllPages } from '../lib/data/query-page';
import { fromItem } from '../lib/data/repository';
import { systemTenantContext } from '../lib/data/system-context';
import type { TenantContext } from '../lib/data/tenant-context';
import { withEffects } from '../lib/effects/with-effects';
import { liveAlarm } from '../lib/live/publisher';
import { addressLine, localTimeIn, MAIL_WORDS, type MailWords } from '../lib/notifications/mail-texts';
import { readNotificationSettings } from '../lib/notifications/notification-settings';
import { alarmMail } from '../lib/observability/product-metrics';
import type { AlarmRaised } from '../lib/pipeline/contracts';
import { expiryOf } from '../lib/settings/retention-settings';
import { allUsersOf } from '../lib/users/user-repository';
import { queueWebhookEvent } from '../lib/webhooks/webhook-events';

/** What an EventBridge rule hands its Lambda target (the fields used here); the detail is read by its schema. */
export interface AlarmRaisedEvent {
  id: string;
  'detail-type': string;
  source: string;
  detail: unknown;
}

/**
 * Target of the AlarmRaised rule (infra/pipeline-rules.ts): mails the tenant's alarm rules of the event's
 * type, each to its addresses through SNS, and records every alarm on the asset. Per rule the record is
 * claimed before the mail goes out, so a redelivered event (EventBridge delivers at least once) mails nobody
 * twice; a failure throws, and the retry mails only what was not sent yet.
 */
async function handleAlarmRaised(event: AlarmRaisedEvent): Promise<void> {
  const alarm = alarmRaisedSchema.parse(event.detail);
  const ctx = systemTenantContext(alarm.tenantId);
  const [context, audiences] = await Promise.all([mailContextOf(ctx, alarm), noticeAudiencesOf(ctx)]);
  // A rule is handled when it mails its addresses, tells users (alarm notices) or escalates to a group.
  const rules = (await rulesOfType(ctx, alarm.kind))
    .filter((rule) => alarm.ruleId === undefined || rule.id === alarm.ruleId)
    .map((rule) => ({ rule, audience: audiences(rule.id, context.clientId ?? null) }))
    .filter(({ rule, audience }) => alarmRecipients(rule).length > 0 || audience.length > 0 || hasFollowUp(rule));
  // Every raised alarm goes to the tenant's webhook endpoints, whether a rule mails it or not; queued before
  // the mails, so a failing mail (the invocation throws, its effects still leave; EventBridge's retry) cannot
  // lose it, only repeat it.
  queueWebhookEvent(ctx, 'alarm.raised', alarmRaisedData(alarm, context), alarm.at);
  await mailRules(ctx, alarm, rules, context);
}

/** Who takes which rule's notices: the choices in one Query, the users only when someone chose something. */
async function noticeAudiencesOf(ctx: TenantContext) {
  const choices = await readNoticeChoices(ctx);
  const users = anyNoticeChoice(choices) ? await allUsersOf(ctx) : [];
  return (ruleId: number, clientId: number | null) => noticeAudience(users, choices, ruleId, clientId);
}

/** Traced; its webhook event, live alarms and mail counts leave as it returns or throws (functions/lib/effects/). */
export const handler = withEffects('eventbridge', handleAlarmRaised);

/** The `alarm.raised` event's data (docs/prompts contract: ids are numbers, times ISO 8601). */
export function alarmRaisedData(alarm: AlarmRaised, context: AlarmMailContext): Record<string, unknown> {
  return {
    alarm: { type: alarm.kind, name: ALARM_TYPE_LABELS[alarm.kind] },
    asset: alarm.assetId === null ? null : { id: alarm.assetId, name: alarm.assetName },
    device: alarm.deviceId ? { id: alarm.deviceId, name: alarm.deviceName, devEui: alarm.devEui } : null,
    zone: alarm.zoneId === null ? null : { id: alarm.zoneId, name: alarm.zoneName },
    customer: context.clientId ? { id: context.clientId } : null,
    at: alarm.at,
  };
}

async function mailRules(
  ctx: TenantContext,
  alarm: AlarmRaised,
  rules: { rule: AlarmRecord; audience: NoticeTarget[] }[],
  context: AlarmMailContext,
) {
  for (const { rule, audience } of rules) {
    const recipients = alarmRecipients(rule);
    const record = toRecord(alarm, rule, recipients, context);
    const content = { subject: subjectOf(alarm, context), text: mailText(alarm, record.text, context) };
    // Already sent (a redelivery): the rule's mail went, but its notices and follow-up are claimed one by one,
    // so whatever a failed earlier attempt left out goes now and nothing goes twice.
    if (await claimSentAlarm(ctx, record)) {
      // Live push: the inboxes hear of it once it is recorded, before the mail goes out.
      liveAlarm(ctx, { id: record.id, asset: alarm.assetId, ack: false }, context.clientId);
      if (recipients.length > 0) {
        await publishAlarmMail({ ...content, recipients }).then(
          () => alarmMail('sent'),
          (error: unknown) => {
            alarmMail('failed');
            throw error;
          },
        );
      }
      await markSentAlarm(ctx, record, new Date().toISOString());
    }
    const noticed = await noticedAlarmOf(ctx, record, content);
    const now = new Date();
    await noticeAlarm(ctx, noticed, audience, now);
    await planFollowUp(ctx, noticed, rule, recipients, alarmRecipients({ email: rule.escalate_to ?? null }), now);
  }
}

/** The console path a push opens: the alarm's asset, else its tag, else the map (a zone's stock). */
const consolePathOf = (record: SentAlarmRecord) =>
  record.assetId !== null
    ? `/assets/${record.assetId}`
    : record.deviceId
      ? `/devices/${record.deviceId}`
      : '/asset-map';

async function noticedAlarmOf(
  ctx: TenantContext,
  record: SentAlarmRecord,
  content: { subject: string; text: string },
): Promise<NoticedAlarm> {
  return {
    alarmId: record.id,
    owner: { assetId: record.assetId, deviceId: record.deviceId, zoneId: record.zoneId, profileId: record.profileId },
    ruleId: record.ruleId,
    clientId: record.clientId ?? null,
    content: { ...content, url: consolePathOf(record) },
    expiresAt: await expiryOf(ctx, 'alarmDays', record.at),
  };
}

/**
 * What a mail says besides the event: the tenant's language and the asset's customer and address; the
 * customer's id puts the alarm in that customer's inbox.
 */
export interface AlarmMailContext {
  words: MailWords;
  customer: string | null;
  address: string | null;
  /** The asset's customer: the alarm goes into that customer's inbox, and its client users' live channel hears it. */
  clientId?: number | null;
}

async function mailContextOf(ctx: TenantContext, alarm: AlarmRaised): Promise<AlarmMailContext> {
  const [settings, asset] = await Promise.all([
    readNotificationSettings(ctx),
    alarm.assetId === null ? undefined : assetRepository.get(ctx, alarm.assetId),
  ]);
  return {
    words: MAIL_WORDS[settings.language],
    customer: asset?.client?.company ?? null,
    clientId: asset?.client?.id ?? null,
    address: asset ? addressLine(assetAddressOf(asset)) : null,
  };
}

async function rulesOfType(ctx: TenantContext, kind: AlarmRaised['kind']): Promise<AlarmRecord[]> {
  const rules: AlarmRecord[] = [];
  const pages = queryAllPages({
    TableName: tableName(),
    IndexName: ACCESS_PATTERNS.alarmRulesByType,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': alarmsOfTypePartition(ctx, kind) },
  });
  for await (const page of pages) rules.push(...(page.Items ?? []).map((item) => fromItem<AlarmRecord>(item)));
  return rules;
}

function toRecord(
  alarm: AlarmRaised,
  rule: AlarmRecord,
  recipients: string[],
  context: AlarmMailContext,
): SentAlarmRecord {
  return {
    id: sentAlarmId(alarm, rule.id),
    ruleId: rule.id,
    ruleName: rule.name,
    type: alarm.kind,
    assetId: alarm.assetId,
    deviceId: alarm.deviceId,
    devEui: alarm.devEui,
    at: alarm.at,
    text: fillPlaceholders(rule.text, alarm, context),
    recipients,
    sentAt: null,
    acknowledgedAt: null,
    acknowledgedBy: null,
    status: 'sending',
    clientId: context.clientId ?? null,
    // A zone stock alarm (no asset, no tag) is recorded on its zone.
    ...(alarm.profileId === undefined ? {} : { zoneId: alarm.zoneId, profileId: alarm.profileId }),
  };
}

const ENGLISH: AlarmMailContext = { words: MAIL_WORDS.en, customer: null, address: null };

/**
 * The rule text's placeholders (shared/schemas/alarm.ts, the ones the console offers) from the event, the
 * asset's customer and address and the tenant's language (the time's format); what is lacking reads as "-".
 */
export function fillPlaceholders(text: string, alarm: AlarmRaised, context: AlarmMailContext = ENGLISH): string {
  const { duration_unit: unit, ...values } = alarm.values ?? {};
  if (typeof values.duration === 'number' && (unit === 'hours' || unit === 'days')) {
    values.duration = durationIn(context.words.locale, values.duration, unit);
  }
  return renderAlarmText(text, {
    asset_name: alarm.assetName ?? '-',
    asset_id: alarm.assetId ?? '-',
    customer: context.customer ?? '-',
    zone_name: alarm.zoneName ?? '-',
    device_name: alarm.deviceName ?? '-',
    dev_eui: alarm.devEui,
    time: localTimeIn(context.words, alarm.at),
    address: context.address ?? '-',
    latitude: alarm.latitude ?? '-',
    longitude: alarm.longitude ?? '-',
    ...values,
  });
}

/** "2 days", "2 Tage", "2 dagen", "2 jours": a time rule's duration as the mail's language writes it. */
export const durationIn = (locale: string, amount: number, unit: 'hours' | 'days') =>
  new Intl.NumberFormat(locale, { style: 'unit', unit: unit === 'days' ? 'day' : 'hour', unitDisplay: 'long' }).format(
    amount,
  );

const subjectOf = (alarm: AlarmRaised, { words }: AlarmMailContext) =>
  `${words.alarmTypes[alarm.kind]}: ${alarm.assetName ?? alarm.deviceName ?? (alarm.devEui || alarm.zoneName || '-')}`;

function mailText(alarm: AlarmRaised, text: string, { words, customer, address }: AlarmMailContext): string {
  const position = alarm.latitude === null || alarm.longitude === null ? '-' : `${alarm.latitude}, ${alarm.longitude}`;
  // A zone stock alarm has no asset, tag or position: the zone and the rule's text say it all.
  if (alarm.profileId !== undefined) {
    return [text, '', `${words.zone}: ${alarm.zoneName ?? '-'}`, `${words.time}: ${localTimeIn(words, alarm.at)}`].join(
      '\n',
    );
  }
  return [
    text,
    '',
    `${words.asset}: ${alarm.assetName ?? '-'}`,
    `${words.customer}: ${customer ?? '-'}`,
    `${words.address}: ${address ?? '-'}`,
    `${words.tag}: ${alarm.deviceName ?? '-'} (DEVEUI ${alarm.devEui})`,
    `${words.zone}: ${alarm.zoneName ?? '-'}`,
    `${words.time}: ${localTimeIn(words, alarm.at)}`,
    `${words.position}: ${position}`,
  ].join('\n');
}
