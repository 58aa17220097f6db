import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { RentalContract, RentalContractStatus } from '../../../shared/schemas/rental-contract';
import { ACCESS_PATTERNS } from '../../../shared/table';
import { assetRepository } from '../assets/asset-repository';
import { type AssetViewer, canSeeAsset } from '../assets/asset-view';
import { clientRepository } from '../clients/client-repository';
import { dynamo, tableName } from '../data/client';
import { countMatches, type PageQuery, queryPage } from '../data/query-page';
import type { TenantContext } from '../data/tenant-context';
import { notFound } from '../http/errors';
import {
  assetLinesPartition,
  clientLinesPartition,
  lineKey,
  linePartition,
  presentLine,
  storedLineOf,
  VERSION_SK_PREFIX,
} from './rental-contract-items';

/**
 * Reading contract lines. Client users read their own customer's lines only: another customer's line, asset or
 * customer does not exist for them (404, as another tenant's), and an asset's lines are filtered to theirs.
 */
export const VERSIONS_SHOWN = 50;
/** A list's total counts at most this many lines (a count query stops there). */
export const LINE_COUNT_LIMIT = 1000;

const mayRead = (viewer: AssetViewer, customer: number) =>
  viewer.kind === 'staff' || (viewer.clientId !== null && viewer.clientId === customer);

export async function getWithVersions(ctx: TenantContext, viewer: AssetViewer, externalId: string) {
  const [line, versions] = await Promise.all([
    dynamo().send(new GetCommand({ TableName: tableName(), Key: lineKey(ctx, externalId) })),
    dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :versions)',
        ExpressionAttributeValues: { ':pk': linePartition(ctx, externalId), ':versions': VERSION_SK_PREFIX },
        ScanIndexForward: false,
        Limit: VERSIONS_SHOWN,
      }),
    ),
  ]);
  if (!line.Item) throw notFound();
  const stored = storedLineOf(line.Item);
  if (!mayRead(viewer, stored.customer)) throw notFound();
  // The line is its newest version; a version item of its own number is a save that lost its condition.
  const older = (versions.Items ?? []).map(storedLineOf).filter((version) => version.version < stored.version);
  return { ...presentLine(stored), versions: [stored, ...older].slice(0, VERSIONS_SHOWN) };
}

export interface LinePage {
  members: RentalContract[];
  total: number;
}

async function listPage(query: PageQuery, page: number, itemsPerPage: number): Promise<LinePage> {
  const [{ items }, total] = await Promise.all([
    queryPage(query, page, itemsPerPage),
    countMatches(query, LINE_COUNT_LIMIT),
  ]);
  return { members: items.map((item) => presentLine(storedLineOf(item))), total };
}

/** Which lines of the partition: a client user's customer's only, one status only. */
export interface LineFilter {
  clientId?: number;
  status?: RentalContractStatus;
}

const indexQuery = (index: string, partition: string, filter: LineFilter): PageQuery => {
  const conditions: string[] = [];
  const values: Record<string, unknown> = { ':pk': partition };
  if (filter.clientId !== undefined) {
    conditions.push('customer = :customer');
    values[':customer'] = filter.clientId;
  }
  if (filter.status !== undefined) {
    conditions.push('#status = :status');
    values[':status'] = filter.status;
  }
  return {
    TableName: tableName(),
    IndexName: index,
    KeyConditionExpression: `${index}pk = :pk`,
    ExpressionAttributeValues: values,
    ...(conditions.length ? { FilterExpression: conditions.join(' AND ') } : {}),
    ...(filter.status === undefined ? {} : { ExpressionAttributeNames: { '#status': 'status' } }),
    ScanIndexForward: false,
  };
};

interface ListRequest {
  page: number;
  itemsPerPage: number;
  status?: RentalContractStatus;
}

export async function linesOfAsset(
  ctx: TenantContext,
  viewer: AssetViewer,
  assetId: number,
  request: ListRequest,
): Promise<LinePage> {
  const asset = await assetRepository.get(ctx, assetId);
  if (!asset || !canSeeAsset(viewer, asset)) throw notFound();
  const index = ACCESS_PATTERNS.rentalContractsOfAsset;
  const clientId = viewer.kind === 'client' ? (viewer.clientId as number) : undefined;
  const query = indexQuery(index, assetLinesPartition(ctx, assetId), { clientId, status: request.status });
  return listPage(query, request.page, request.itemsPerPage);
}

export async function linesOfClient(
  ctx: TenantContext,
  viewer: AssetViewer,
  clientId: number,
  request: ListRequest,
): Promise<LinePage> {
  if (!mayRead(viewer, clientId) || !(await clientRepository.get(ctx, clientId))) throw notFound();
  const index = ACCESS_PATTERNS.rentalContractsOfClient;
  const query = indexQuery(index, clientLinesPartition(ctx, clientId), { status: request.status });
  return listPage(query, request.page, request.itemsPerPage);
}
