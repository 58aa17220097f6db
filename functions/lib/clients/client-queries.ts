import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { ACCESS_PATTERNS } from '../../../shared/table';
import { ASSET_CLIENT_INDEX, clientAssetsPartition } from '../assets/asset-repository';
import { dynamo, tableName } from '../data/client';
import { typePartition } from '../data/keys';
import { queryAllPages } from '../data/query-page';
import { fromItem } from '../data/repository';
import type { TenantContext } from '../data/tenant-context';
import type { UserRecord } from '../users/user-repository';
import { type ClientRecord, clientPartition } from './client-repository';

/** Every page of one Query (key-bounded: never a Scan). */
async function queryAll(input: Omit<QueryCommandInput, 'TableName'>): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for await (const page of queryAllPages({ ...input, TableName: tableName() })) items.push(...(page.Items ?? []));
  return items;
}

/**
 * All customers of a tenant in company order (gsi1 byCompany). A tenant has tens to hundreds of customers,
 * so searching "contains" and filtering by logical_id happen on this one Query (docs/decisions/0072).
 */
export async function allClients(ctx: TenantContext): Promise<ClientRecord[]> {
  const items = await queryAll({
    IndexName: ACCESS_PATTERNS.clientsByCompany,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': clientPartition(ctx) },
  });
  return items.map((item) => fromItem<ClientRecord>(item));
}

export const clientUsersPartition = (ctx: TenantContext, clientId: number) =>
  `${typePartition(ctx, 'CLIENT')}#${clientId}#USERS`;

/** The users of one customer in name order (gsi1 of USER, functions/lib/users/user-repository.ts). */
export async function usersOfClient(ctx: TenantContext, clientId: number): Promise<UserRecord[]> {
  const items = await queryAll({
    IndexName: ACCESS_PATTERNS.usersOfClient,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': clientUsersPartition(ctx, clientId) },
  });
  return items.map((item) => fromItem<UserRecord>(item));
}

/**
 * Whether any asset still names this customer: one entry of the assets' customer index (gsi14 byClient), which
 * keys on the customer's id, so a renamed company cannot hide an asset (docs/decisions/0074).
 */
export async function clientHasAssets(ctx: TenantContext, client: ClientRecord): Promise<boolean> {
  // gsi14 byClient holds exactly the assets that name this customer, whatever its company is called now.
  const result = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: ASSET_CLIENT_INDEX,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': `${ASSET_CLIENT_INDEX}pk` },
      ExpressionAttributeValues: { ':pk': clientAssetsPartition(ctx, client.id) },
      ProjectionExpression: 'pk',
      Limit: 1,
    }),
  );
  return (result.Items ?? []).length > 0;
}
