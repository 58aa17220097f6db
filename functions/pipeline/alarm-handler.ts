import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ALARM_TYPE_LABELS, alarmRecipients, renderAlarmText } from '../../shared/schemas/alarm';
import { publishAlarmMail } from '../lib/alarms/alarm-mail';
import { type AlarmRecord, alarmsOfTypePartition } from '../lib/alarms/alarm-repository';
import { claimSentAlarm, markSentAlarm, type SentAlarmRecord, sentAlarmId } from '../lib/alarms/sent-alarms';
import { dynamo, tableName } from '../lib/data/client';
import { fromItem } from '../lib/data/repository';
import { systemTenantContext } from '../lib/data/system-context';
import type { TenantContext } from '../lib/data/tenant-context';
import type { AlarmRaised } from '../lib/pipeline/contracts';

/** What an EventBridge rule hands its Lambda target (the fields used here). */
export interface AlarmRaisedEvent {
  id: string;
  'detail-type': string;
  source: string;
  detail: AlarmRaised;
}

/**
 * Target of the AlarmRaised rule (infra/pipeline-rules.ts): mails the tenant's alarm rules of the event's
 * type, each to its addresses through SNS, and records every alarm on the asset. Per rule the record is
 * claimed before the mail goes out, so a redelivered event (EventBridge delivers at least once) mails nobody
 * twice; a failure throws, and the retry mails only what was not sent yet.
 */
export async function handler(event: AlarmRaisedEvent): Promise<void> {
  const alarm = event.detail;
  const ctx = systemTenantContext(alarm.tenantId);
  for (const rule of await rulesOfType(ctx, alarm.kind)) {
    const recipients = alarmRecipients(rule);
    if (recipients.length === 0) continue;
    const record = toRecord(alarm, rule, recipients);
    if (!(await claimSentAlarm(ctx, record))) continue;
    await publishAlarmMail({ subject: subjectOf(alarm), text: mailText(alarm, record.text), recipients });
    await markSentAlarm(ctx, record, new Date().toISOString());
  }
}

async function rulesOfType(ctx: TenantContext, kind: AlarmRaised['kind']): Promise<AlarmRecord[]> {
  const rules: AlarmRecord[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': alarmsOfTypePartition(ctx, kind) },
        ExclusiveStartKey: startKey,
      }),
    );
    rules.push(...(page.Items ?? []).map((item) => fromItem<AlarmRecord>(item)));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return rules;
}

function toRecord(alarm: AlarmRaised, rule: AlarmRecord, recipients: string[]): SentAlarmRecord {
  return {
    id: sentAlarmId(alarm, rule.id),
    ruleId: rule.id,
    ruleName: rule.name,
    type: alarm.kind,
    assetId: alarm.assetId,
    deviceId: alarm.deviceId,
    devEui: alarm.devEui,
    at: alarm.at,
    text: fillPlaceholders(rule.text, alarm),
    recipients,
    sentAt: null,
    acknowledgedAt: null,
    acknowledgedBy: null,
    status: 'sending',
  };
}

/** The event's time as people in the product's market read it. */
export const localTime = (at: string) =>
  `${new Date(at).toLocaleString('en-GB', { timeZone: 'Europe/Amsterdam' })} (Europe/Amsterdam)`;

/**
 * The rule text's placeholders (shared/schemas/alarm.ts) from the event; what the event lacks reads as "-".
 * Customer and address are not in the event and stay as written.
 */
export function fillPlaceholders(text: string, alarm: AlarmRaised): string {
  return renderAlarmText(text, {
    asset_name: alarm.assetName ?? '-',
    asset_id: alarm.assetId ?? '-',
    zone_name: alarm.zoneName ?? '-',
    device_name: alarm.deviceName ?? '-',
    dev_eui: alarm.devEui,
    time: localTime(alarm.at),
    latitude: alarm.latitude ?? '-',
    longitude: alarm.longitude ?? '-',
  });
}

const subjectOf = (alarm: AlarmRaised) =>
  `${ALARM_TYPE_LABELS[alarm.kind]}: ${alarm.assetName ?? alarm.deviceName ?? alarm.devEui}`;

function mailText(alarm: AlarmRaised, text: string): string {
  const position = alarm.latitude === null || alarm.longitude === null ? '-' : `${alarm.latitude}, ${alarm.longitude}`;
  return [
    text,
    '',
    `Asset: ${alarm.assetName ?? '-'}`,
    `Tag: ${alarm.deviceName ?? '-'} (DEVEUI ${alarm.devEui})`,
    `Geo zone: ${alarm.zoneName ?? '-'}`,
    `Time: ${localTime(alarm.at)}`,
    `Position: ${position}`,
  ].join('\n');
}
