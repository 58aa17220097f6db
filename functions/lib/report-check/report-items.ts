import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DeliveryReportKind, PhonePosition, ReportCheck } from '../../../shared/schemas/report-check';
import { ACCESS_PATTERNS } from '../../../shared/table';
import type { AssetRecord } from '../assets/asset-repository';
import { dynamo, tableName } from '../data/client';
import { pad, tenantPrefix } from '../data/keys';
import type { TenantContext } from '../data/tenant-context';
import type { TransactItem } from '../data/transaction';

/**
 * Delivered / empty reports, one item per report, written in the report action's transaction (the asset item
 * holds no time of its status change; docs/data-model.md "Delivered and empty reports"):
 *  - table  pk T#<t>#ASSET#<assetId>#REPORTS, sk REPORT#<reportedAt ISO>   an asset's reports, the newest last
 *  - gsi1   T#<t>#REPORT / <reportedAt ISO>#<assetId padded>               the tenant's reports of a period (the
 *           invoice audit counts the disagreements among them)
 * The depot and the customer are those of the report's time; the check is added once its window is over.
 */
export interface StoredCheck extends ReportCheck {
  settledAt: string;
}

export interface DeliveryReportItem {
  assetId: number;
  kind: DeliveryReportKind;
  reportedAt: string;
  reportedBy: number | null;
  clientId: number | null;
  depotId: number | null;
  /** Where the reporting phone was, when it sent its position (docs/decisions/0329). */
  phonePosition?: PhonePosition;
  check?: StoredCheck;
}

export const assetReportsPartition = (ctx: TenantContext, assetId: number) =>
  `${tenantPrefix(ctx)}ASSET#${assetId}#REPORTS`;
export const reportSortKey = (reportedAt: string) => `REPORT#${reportedAt}`;
export const tenantReportsPartition = (ctx: TenantContext) => `${tenantPrefix(ctx)}REPORT`;

/** The report's item, Put in the same transaction as the asset write that makes the report. */
export function reportPut(
  ctx: TenantContext,
  asset: AssetRecord,
  report: { kind: DeliveryReportKind; at: string; by: number | null; phonePosition?: PhonePosition },
): TransactItem {
  const item: DeliveryReportItem = {
    assetId: asset.id,
    kind: report.kind,
    reportedAt: report.at,
    reportedBy: report.by,
    clientId: asset.client?.id ?? null,
    depotId: asset.geo_zone?.id ?? null,
    ...(report.phonePosition ? { phonePosition: report.phonePosition } : {}),
  };
  return {
    Put: {
      TableName: tableName(),
      Item: {
        pk: assetReportsPartition(ctx, asset.id),
        sk: reportSortKey(report.at),
        entityType: 'DELIVERY_REPORT',
        tenantId: ctx.tenantId,
        ...item,
        gsi1pk: tenantReportsPartition(ctx),
        gsi1sk: `${report.at}#${pad(asset.id)}`,
      },
    },
  };
}

const toReport = (item: Record<string, unknown>): DeliveryReportItem => ({
  assetId: Number(item.assetId),
  kind: item.kind === 'empty' ? 'empty' : 'delivered',
  reportedAt: String(item.reportedAt),
  reportedBy: typeof item.reportedBy === 'number' ? item.reportedBy : null,
  clientId: typeof item.clientId === 'number' ? item.clientId : null,
  depotId: typeof item.depotId === 'number' ? item.depotId : null,
  ...(item.phonePosition ? { phonePosition: item.phonePosition as PhonePosition } : {}),
  ...(item.check ? { check: item.check as StoredCheck } : {}),
});

/** The asset's newest report: one Query of one item. */
export async function latestReport(ctx: TenantContext, assetId: number): Promise<DeliveryReportItem | undefined> {
  const result = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :report)',
      ExpressionAttributeValues: { ':pk': assetReportsPartition(ctx, assetId), ':report': 'REPORT#' },
      ScanIndexForward: false,
      Limit: 1,
    }),
  );
  const item = result.Items?.[0];
  return item ? toReport(item) : undefined;
}

/** Keeps a settled check on its report; the first one written stays (two readers settle the same answer). */
export async function storeCheck(ctx: TenantContext, report: DeliveryReportItem, check: StoredCheck): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: assetReportsPartition(ctx, report.assetId), sk: reportSortKey(report.reportedAt) },
        UpdateExpression: 'SET #check = :check',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#check)',
        ExpressionAttributeNames: { '#check': 'check' },
        ExpressionAttributeValues: { ':check': check },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/**
 * The tenant's reports of a period, oldest first, a page of at most `limit` with the key to go on from: what
 * the invoice audit reads to count the disagreements (a report without a stored check is settled first with
 * reportCheckOf, functions/lib/report-check/report-check-answer.ts).
 */
export async function reportsOfPeriod(
  ctx: TenantContext,
  period: { from: string; to: string; limit?: number; startKey?: Record<string, unknown> },
): Promise<{ reports: DeliveryReportItem[]; next?: Record<string, unknown> }> {
  const result = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: ACCESS_PATTERNS.reportsByTime,
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': tenantReportsPartition(ctx), ':from': period.from, ':to': `${period.to}~` },
      Limit: Math.min(Math.max(1, period.limit ?? 500), 1000),
      ExclusiveStartKey: period.startKey,
    }),
  );
  const reports = (result.Items ?? []).map(toReport);
  return { reports, ...(result.LastEvaluatedKey ? { next: result.LastEvaluatedKey } : {}) };
}
