import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { alarmRecipients } from '../../../shared/schemas/alarm';
import { auditEntrySchema } from '../../../shared/schemas/audit-entry';
import { PERSONAL_DATA_AUDIT_MAX, type PersonalData } from '../../../shared/schemas/personal-data';
import { ACCESS_PATTERNS } from '../../../shared/table';
import { alarmRepository } from '../alarms/alarm-repository';
import { auditQuery } from '../audit/audit-log';
import { secondFactorStatus } from '../auth/second-factor';
import { accountManagerClientsPartition } from '../clients/client-repository';
import { dynamo, tableName } from '../data/client';
import { queryAllPages } from '../data/query-page';
import { fromItem } from '../data/repository';
import type { TenantContext } from '../data/tenant-context';
import { allowListOf } from '../http/allow-list';
import { readNotificationSettings } from '../notifications/notification-settings';
import type { UserRecord } from '../users/user-repository';

/**
 * What the product holds about a person, for handing to them (the right of access): their account, where their
 * address is mailed, the customers they look after, and the audit log of what they did and of what was done to
 * their account. Alarms mailed to them are not listed one by one: the rules that mail them are.
 */
const presentEntry = allowListOf(auditEntrySchema);

const isAddress = (email: string) => (to: string) => to.trim().toLowerCase() === email.trim().toLowerCase();

/** Up to `max` entries of an audit query, newest first, and whether there were more. */
async function auditEntries(query: ReturnType<typeof auditQuery>, max: number) {
  const entries: ReturnType<typeof presentEntry>[] = [];
  for await (const page of queryAllPages(query)) {
    for (const item of page.Items ?? []) {
      if (entries.length >= max) return { entries, truncated: true };
      entries.push(presentEntry({ ...fromItem<Record<string, unknown>>(item), '@type': 'AuditEntry' }));
    }
  }
  return { entries, truncated: false };
}

async function managedCustomers(ctx: TenantContext, userId: number) {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: ACCESS_PATTERNS.clientsByAccountManager,
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': accountManagerClientsPartition(ctx, userId) },
    }),
  );
  return Items.map((item) => ({ id: Number(item.id), name: String(item.company ?? item.name ?? '') }));
}

export async function personalDataOf(ctx: TenantContext, user: UserRecord): Promise<PersonalData> {
  const [secondFactor, rules, notifications, accountManagerOf, asActor, aboutThem] = await Promise.all([
    secondFactorStatus(user.username).catch(() => ({ enabled: false, recovery_codes_left: 0 })),
    alarmRepository.page(ctx, { page: 1, itemsPerPage: 5000 }),
    readNotificationSettings(ctx),
    managedCustomers(ctx, user.id),
    auditEntries(auditQuery(ctx, { actor: `user:${user.id}` }), PERSONAL_DATA_AUDIT_MAX),
    auditEntries(auditQuery(ctx, { entity: { type: 'users', id: String(user.id) } }), PERSONAL_DATA_AUDIT_MAX),
  ]);
  return {
    '@type': 'PersonalData',
    exportedAt: new Date().toISOString(),
    account: {
      id: user.id,
      username: user.username,
      name: user.name,
      email: user.email,
      roles: user.roles,
      active: user.active,
      client_id: user.client_id ?? null,
      second_factor: secondFactor,
    },
    alarmRecipientOf: rules.items
      .filter((rule) => alarmRecipients(rule).some(isAddress(user.email)))
      .map((rule) => ({ id: rule.id, name: rule.name })),
    reportAddress: Boolean(notifications.email && isAddress(user.email)(notifications.email)),
    accountManagerOf,
    auditAsActor: asActor.entries,
    auditAboutThem: aboutThem.entries,
    auditTruncated: asActor.truncated || aboutThem.truncated,
  } as PersonalData;
}
