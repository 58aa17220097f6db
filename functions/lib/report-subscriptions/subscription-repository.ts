import { randomBytes } from 'node:crypto';
import { ACCESS_PATTERNS } from '../../../shared/access-patterns';
import type { ExportLanguage, ExportType } from '../../../shared/schemas/export';
import type { AnyReportOptions, ReportKind } from '../../../shared/schemas/report-kinds';
import type { ReportSchedule } from '../../../shared/schemas/report-subscription';
import { tableName } from '../data/client';
import { indexSortKey, typePartition } from '../data/keys';
import { queryAllPages } from '../data/query-page';
import { createRepository, fromItem, type Stored } from '../data/repository';
import type { TenantContext } from '../data/tenant-context';

/**
 * A report subscription as stored (docs/data-model.md, "Report subscriptions"). People's saves own the choice
 * (kind, options, customer, schedule, format, language, paused) and move `version`; the report job owns `next_due`,
 * `last_sent`, `last_error` and its claim `sending`, written without the version, conditioned on `next_due`.
 */
export interface ReportSubscriptionRecord extends Stored {
  owner_id: number;
  kind: ReportKind;
  /** The kind's options as checked by its schema (absent on subscriptions made before there were options). */
  options?: AnyReportOptions;
  client_id: number | null;
  schedule: ReportSchedule;
  format: ExportType;
  language: ExportLanguage;
  paused: boolean;
  next_due: string | null;
  last_sent: string | null;
  last_error: string | null;
  /** The key the unsubscribe link is signed with (unsubscribe-link.ts); never answered. */
  unsubscribe_key: string;
  /** The period the job claimed and is sending, until when the claim holds, and the tries of that period. */
  sending?: { due: string; until: string; attempts: number; error?: string };
}

export const SUBSCRIPTION_TYPE = 'REPORT_SUBSCRIPTION';
export const SUBSCRIPTION_DUE_INDEX = ACCESS_PATTERNS.reportSubscriptionsByDueTime;
const OWNER_INDEX = ACCESS_PATTERNS.reportSubscriptionsOfOwner;

/** A person's subscriptions are few: the cap keeps their list one small Query. */
export const SUBSCRIPTIONS_PER_OWNER = 50;

export const subscriptionDuePartition = (ctx: TenantContext) => `${typePartition(ctx, SUBSCRIPTION_TYPE)}#DUE`;
export const subscriptionDueKey = (due: string, id: number) => indexSortKey(due, id);
export const subscriptionDueBound = (now: Date) => `${now.toISOString()}#~`;
const ownerPartition = (ctx: TenantContext, ownerId: number) =>
  `${typePartition(ctx, 'USER')}#${ownerId}#${SUBSCRIPTION_TYPE}`;

export const subscriptionRepository = createRepository<ReportSubscriptionRecord>({
  type: SUBSCRIPTION_TYPE,
  indexKeys: (ctx, record) => ({
    // Sparse: a paused subscription is in no due partition.
    ...(record.next_due && !record.paused
      ? { gsi1pk: subscriptionDuePartition(ctx), gsi1sk: subscriptionDueKey(record.next_due, record.id) }
      : {}),
    gsi2pk: ownerPartition(ctx, record.owner_id),
    gsi2sk: indexSortKey('', record.id),
  }),
});

export const newUnsubscribeKey = () => randomBytes(32).toString('hex');

/** One owner's subscriptions in id order (at most SUBSCRIPTIONS_PER_OWNER). */
export async function subscriptionsOf(ctx: TenantContext, ownerId: number): Promise<ReportSubscriptionRecord[]> {
  const records: ReportSubscriptionRecord[] = [];
  const pages = queryAllPages({
    TableName: tableName(),
    IndexName: OWNER_INDEX,
    KeyConditionExpression: `${OWNER_INDEX}pk = :pk`,
    ExpressionAttributeValues: { ':pk': ownerPartition(ctx, ownerId) },
  });
  for await (const page of pages) for (const item of page.Items ?? []) records.push(fromItem(item));
  return records;
}
