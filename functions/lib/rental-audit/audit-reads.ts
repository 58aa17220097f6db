import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditVisit } from '../../../shared/rental-audit/classify-day';
import { isAcceptedFix } from '../../../shared/schemas/asset-history';
import { ACCESS_PATTERNS } from '../../../shared/table';
import { dynamo, tableName } from '../data/client';
import { queryAllPages } from '../data/query-page';
import type { TenantContext } from '../data/tenant-context';
import { readAssetTrack } from '../history/asset-track';
import { storedLineOf } from '../rental-contracts/rental-contract-items';
import { assetVisitsPartition } from '../visits/visit-keys';
import {
  type AuditedLine,
  auditMonthPartition,
  changesPartition,
  type LineState,
  lineDaysPrefix,
  lineStatesPartition,
  runKey,
  type StoredAuditDay,
  storedDayOf,
} from './audit-keys';

/** What one run read, in items (a Query's ScannedCount; a Get is one): logged and reported per run. */
export interface ReadCounter {
  items: number;
}

/** Visits of one asset read per run at most (years of daily depot calls), as the utilisation rollup's bound. */
export const MAX_VISITS_PER_ASSET = 2_000;

export async function readRun(ctx: TenantContext, reads: ReadCounter): Promise<string | null> {
  const run = await dynamo().send(new GetCommand({ TableName: tableName(), Key: runKey(ctx), ConsistentRead: true }));
  reads.items += 1;
  return typeof run.Item?.after === 'string' ? run.Item.after : null;
}

export const auditedLineOf = (item: Record<string, unknown>): AuditedLine => {
  const line = storedLineOf(item);
  return {
    externalId: line.externalId,
    customer: line.customer,
    version: line.version,
    status: line.status,
    asset: line.asset,
    onHire: line.onHire,
    expectedReturn: line.expectedReturn,
    offHire: line.offHire,
    deliveryZone: line.deliverySite?.geoZone ?? null,
  };
};

/**
 * The lines changed from `after` on (the change index's sort key), oldest change first. The index is
 * eventually consistent, so the caller starts a margin before its last run: a line seen again is recognised
 * by its version.
 */
export async function changedLines(ctx: TenantContext, from: string | null, reads: ReadCounter) {
  const lines: AuditedLine[] = [];
  let newest: string | null = null;
  for await (const page of queryAllPages({
    TableName: tableName(),
    IndexName: ACCESS_PATTERNS.rentalContractsByChange,
    KeyConditionExpression: from ? 'gsi3pk = :pk AND gsi3sk > :from' : 'gsi3pk = :pk',
    ExpressionAttributeValues: { ':pk': changesPartition(ctx), ...(from ? { ':from': from } : {}) },
  })) {
    reads.items += page.ScannedCount ?? 0;
    for (const item of page.Items ?? []) {
      lines.push(auditedLineOf(item));
      newest = String(item.gsi3sk);
    }
  }
  return { lines, newest };
}

export async function readStates(ctx: TenantContext, reads: ReadCounter): Promise<Map<string, LineState>> {
  const states = new Map<string, LineState>();
  for await (const page of queryAllPages({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': lineStatesPartition(ctx) },
  })) {
    reads.items += page.ScannedCount ?? 0;
    for (const item of page.Items ?? []) {
      const state = {
        line: item.line,
        through: item.through ?? null,
        overdue: !!item.overdue,
        overBilled: !!item.overBilled,
      };
      states.set(String(item.sk), state as LineState);
    }
  }
  return states;
}

const monthsOf = (from: string, to: string): string[] => {
  const months: string[] = [];
  for (let month = from.slice(0, 7); month <= to.slice(0, 7); ) {
    months.push(month);
    const [y, m] = month.split('-').map(Number) as [number, number];
    month = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  }
  return months;
};

/** A stored day with its expiry (null: written before day items had one). */
export type KeptAuditDay = StoredAuditDay & { expiresAt: number | null };

/** A line's stored days from `from` to `to` under one customer: one key-range Query per month. */
export async function readLineDays(
  ctx: TenantContext,
  line: { customer: number; externalId: string },
  range: { from: string; to: string },
  reads: ReadCounter,
): Promise<Map<string, KeptAuditDay>> {
  const days = new Map<string, KeptAuditDay>();
  const prefix = lineDaysPrefix(line.customer, line.externalId);
  for (const month of monthsOf(range.from, range.to)) {
    for await (const page of queryAllPages({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': auditMonthPartition(ctx, month),
        ':from': `${prefix}${range.from}`,
        ':to': `${prefix}${range.to}`,
      },
    })) {
      reads.items += page.ScannedCount ?? 0;
      for (const item of page.Items ?? []) {
        const expiresAt = typeof item.expiresAt === 'number' ? item.expiresAt : null;
        days.set(String(item.day), { ...storedDayOf(item), expiresAt });
      }
    }
  }
  return days;
}

/**
 * An asset's visits that may overlap the span, newest arrival first from its end, back to and including the
 * first visit that ended before it began (an older one no longer overlaps, except an open visit to an
 * enclosing zone that began before that: bounded as the utilisation rollup is, MAX_VISITS_PER_ASSET).
 */
export async function visitsOfSpan(
  ctx: TenantContext,
  assetId: number,
  span: { start: string; end: string },
  reads: ReadCounter,
): Promise<AuditVisit[]> {
  const visits: AuditVisit[] = [];
  reading: for await (const page of queryAllPages({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND sk <= :end',
    ExpressionAttributeValues: { ':pk': assetVisitsPartition(ctx, assetId), ':end': `VISIT#${span.end}~` },
    ProjectionExpression: 'zoneId, arrivedAt, leftAt',
    ScanIndexForward: false,
    Limit: 200,
  })) {
    reads.items += page.ScannedCount ?? 0;
    for (const item of page.Items ?? []) {
      const leftAt = typeof item.leftAt === 'string' ? item.leftAt : null;
      visits.push({ zoneId: Number(item.zoneId), arrivedAt: String(item.arrivedAt), leftAt });
      if ((leftAt !== null && leftAt < span.start) || visits.length >= MAX_VISITS_PER_ASSET) break reading;
    }
  }
  return visits;
}

/** The times of an asset's accepted fixes in the span (the track index, gsi2 `eventsOfAssetByDate`). */
export async function fixTimesOfSpan(
  ctx: TenantContext,
  assetId: number,
  span: { start: string; end: string },
  reads: ReadCounter,
): Promise<string[]> {
  const times: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await readAssetTrack(ctx, assetId, { from: span.start, to: span.end, limit: 1000, cursor });
    reads.items += page.itemsRead;
    for (const fix of page.fixes) if (isAcceptedFix(fix)) times.push(fix.at);
    cursor = page.next;
  } while (cursor);
  return times;
}
