import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  VISIT_PERIOD_MAX,
  VISIT_PERIOD_MIN,
  type ZoneVisit,
  zoneVisitSchema,
} from '../../../shared/schemas/zone-visit';
import { ACCESS_PATTERNS } from '../../../shared/table';
import { dynamo, tableName } from '../data/client';
import { countMatches, type PageQuery, queryPage } from '../data/query-page';
import { fromItem } from '../data/repository';
import type { TenantContext } from '../data/tenant-context';
import { allowListOf } from '../http/allow-list';
import {
  assetVisitsPartition,
  insidePartition,
  insidePrefix,
  type VisitRecord,
  zoneVisitsPartition,
} from './visit-keys';

/**
 * The visit lists (docs/data-model.md "Zone visits"), newest arrival first, each a Query on a key:
 * an asset's visits (its partition), a zone's visits (gsi1), who is in a zone now (gsi2, open visits only).
 * A period is a key range on the arrival time, so paging reads only the period's visits.
 */
export interface VisitPeriod {
  /** ISO instants, both inclusive. */
  after?: string;
  before?: string;
}

const toApiVisit = allowListOf(zoneVisitSchema);

export function presentVisit(record: VisitRecord): ZoneVisit {
  return toApiVisit({
    ...record,
    '@id': `/api/assets/${record.assetId}/visits/${encodeURIComponent(record.arrivedAt)}-${record.zoneId}`,
    '@type': 'ZoneVisit',
  }) as ZoneVisit;
}

/** `<prefix><after>` .. `<prefix><before>~`: '~' sorts after every character of an ISO time and '#'. */
function periodRange(attribute: string, prefix: string, period: VisitPeriod) {
  return {
    condition: `${attribute} BETWEEN :from AND :to`,
    values: {
      ':from': `${prefix}${period.after ?? VISIT_PERIOD_MIN}`,
      ':to': `${prefix}${period.before ?? VISIT_PERIOD_MAX}~`,
    },
  };
}

export function assetVisitsQuery(ctx: TenantContext, assetId: number, period: VisitPeriod): PageQuery {
  const range = periodRange('sk', 'VISIT#', period);
  return {
    TableName: tableName(),
    KeyConditionExpression: `pk = :pk AND ${range.condition}`,
    ExpressionAttributeValues: { ':pk': assetVisitsPartition(ctx, assetId), ...range.values },
    ScanIndexForward: false,
  };
}

export function zoneVisitsQuery(ctx: TenantContext, zoneId: number, period: VisitPeriod): PageQuery {
  const range = periodRange('gsi1sk', '', period);
  return {
    TableName: tableName(),
    IndexName: ACCESS_PATTERNS.zoneVisitsByArrival,
    KeyConditionExpression: `gsi1pk = :pk AND ${range.condition}`,
    ExpressionAttributeValues: { ':pk': zoneVisitsPartition(ctx, zoneId), ...range.values },
    ScanIndexForward: false,
  };
}

/** The open visits of one zone, in asset id order. */
export function openVisitsQuery(ctx: TenantContext, zoneId: number): PageQuery {
  return {
    TableName: tableName(),
    IndexName: ACCESS_PATTERNS.openZoneVisits,
    KeyConditionExpression: 'gsi2pk = :pk AND begins_with(gsi2sk, :zone)',
    ExpressionAttributeValues: { ':pk': insidePartition(ctx), ':zone': insidePrefix(zoneId) },
  };
}

/** Counts the query's items, stopping at `cap` (the list's total then says "at least"). */
export async function pageOfVisits(query: PageQuery, page: number, itemsPerPage: number, cap: number) {
  const [{ items }, total] = await Promise.all([queryPage(query, page, itemsPerPage), countMatches(query, cap)]);
  return { members: items.map((item) => presentVisit(fromItem<VisitRecord>(item))), total };
}

/** Every visit of the query in batches (the export), at most `limit` + 1 so the caller can refuse more. */
export async function* visitBatches(query: PageQuery, limit: number): AsyncIterable<VisitRecord[]> {
  let read = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const result = await dynamo().send(
      new QueryCommand({ ...query, Limit: Math.min(500, limit + 1 - read), ExclusiveStartKey: startKey }),
    );
    const items = (result.Items ?? []).map((item) => fromItem<VisitRecord>(item));
    read += items.length;
    yield items;
    startKey = result.LastEvaluatedKey;
  } while (startKey && read <= limit);
}
