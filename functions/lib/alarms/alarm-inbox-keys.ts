import { pad, tenantPrefix } from '../data/keys';
import type { TenantContext } from '../data/tenant-context';

/**
 * The alarm inbox's sparse index entries on a sent alarm (docs/data-model.md, "Alarm inbox"): present only
 * while the alarm is unacknowledged, so the inbox is a Query of open alarms and nothing else.
 *  - gsi1 `T#<t>#ALARM_INBOX` / alarm id: the tenant's staff inbox (every open alarm, with or without asset)
 *  - gsi2 `T#<t>#CLIENT#<clientId>#ALARM_INBOX` / alarm id: one customer's inbox (alarms of its assets)
 * The alarm id starts with its time, so a reverse query is newest first.
 */
export const staffInboxPartition = (ctx: TenantContext) => `${tenantPrefix(ctx)}ALARM_INBOX`;
export const clientInboxPartition = (ctx: TenantContext, clientId: number) =>
  `${tenantPrefix(ctx)}CLIENT#${pad(clientId)}#ALARM_INBOX`;

export function alarmInboxKeys(ctx: TenantContext, alarmId: string, clientId: number | null) {
  return {
    gsi1pk: staffInboxPartition(ctx),
    gsi1sk: alarmId,
    ...(clientId === null ? {} : { gsi2pk: clientInboxPartition(ctx, clientId), gsi2sk: alarmId }),
  };
}

/** What an acknowledgement removes, in the same UpdateItem. */
export const ALARM_INBOX_KEY_ATTRIBUTES = 'gsi1pk, gsi1sk, gsi2pk, gsi2sk';
