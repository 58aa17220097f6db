import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ACCESS_PATTERNS } from '../../../shared/table';
import { dynamo, tableName } from '../data/client';
import { globalCounterKey, TENANT_REGISTRY, tenantItemKey } from '../data/keys';
import { queryAllPages } from '../data/query-page';
import { fromItem } from '../data/repository';
import type { TransactItem } from '../data/transaction';
import { sendEntityTransaction } from '../data/write-transaction';
import { conflict, notFound, unprocessable } from '../http/errors';

/**
 * The tenant registry is the one platform-level collection: tenants are not inside a tenant. Only super
 * admins list it; everyone else reaches their own tenant through the token. Lookup by subdomain uses gsi1.
 */
export interface TenantRecord {
  id: number;
  version: number;
  subdomain: string;
  company: string;
  address: string;
  zipcode: string;
  city: string;
  country: string;
  phone: string;
  email: string;
  icon: string;
  descriptionShort: string;
}

const subdomainKey = (subdomain: string) => `SUBDOMAIN#${subdomain.toLowerCase()}`;

async function get(id: number): Promise<TenantRecord | undefined> {
  const result = await dynamo().send(new GetCommand({ TableName: tableName(), Key: tenantItemKey(id) }));
  return result.Item ? fromItem<TenantRecord>(result.Item) : undefined;
}

async function bySubdomain(subdomain: string): Promise<TenantRecord | undefined> {
  const result = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: ACCESS_PATTERNS.tenantsBySubdomain,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': subdomainKey(subdomain) },
      Limit: 1,
    }),
  );
  const item = result.Items?.[0];
  return item ? fromItem<TenantRecord>(item) : undefined;
}

/** The next global tenant id; allocated before the tenant's own items are written (tenant-provisioning.ts). */
async function nextId(): Promise<number> {
  const counter = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: globalCounterKey(TENANT_REGISTRY.type),
      UpdateExpression: 'ADD lastId :one',
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(counter.Attributes?.lastId);
}

/** A blank subdomain is not indexed: such a tenant is reachable by id (X-Tenant-Id) only. */
const toItem = (tenant: TenantRecord) => ({
  ...tenant,
  ...tenantItemKey(tenant.id),
  entityType: TENANT_REGISTRY.type,
  ...(tenant.subdomain ? { gsi1pk: subdomainKey(tenant.subdomain), gsi1sk: TENANT_REGISTRY.type } : {}),
});

export const SUBDOMAIN_TAKEN = 'This subdomain is already used by another tenant';

/**
 * gsi1 finds a tenant by subdomain but cannot keep two tenants from taking the same one at the same moment,
 * so each non-blank subdomain also has a claim item, written in the same transaction as the tenant.
 */
const claimKey = (subdomain: string) => ({ pk: 'TENANT_SUBDOMAINS', sk: subdomain.toLowerCase() });
const CLAIM_TYPE = 'TENANT_SUBDOMAIN';
const putClaim = (subdomain: string, tenantId: number): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: { ...claimKey(subdomain), entityType: CLAIM_TYPE, tenantId: String(tenantId) },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});
const deleteClaim = (subdomain: string): TransactItem => ({
  Delete: { TableName: tableName(), Key: claimKey(subdomain) },
});

const isClaim = (item: TransactItem | undefined) => item?.Put?.Item?.entityType === CLAIM_TYPE;

/** Runs the transaction; a failed condition on a subdomain claim becomes 422, any other cancellation `onTenant`. */
const transact = (items: TransactItem[], onTenant: () => Promise<Error>) =>
  sendEntityTransaction(items, {
    cancelled: (failed) =>
      isClaim(failed[0]) ? unprocessable([{ propertyPath: 'subdomain', message: SUBDOMAIN_TAKEN }]) : onTenant(),
  });

/**
 * Writes the registry entry under a given id (or the next one): the write that makes a tenant exist. `alongside`
 * are the tenant's first items, written in the same transaction (tenant-provisioning.ts).
 */
async function create(
  data: Omit<TenantRecord, 'id' | 'version'>,
  id?: number,
  alongside: TransactItem[] = [],
): Promise<TenantRecord> {
  const tenant: TenantRecord = { ...data, id: id ?? (await nextId()), version: 1 };
  await transact(
    [
      { Put: { TableName: tableName(), Item: toItem(tenant), ConditionExpression: 'attribute_not_exists(pk)' } },
      ...(tenant.subdomain ? [putClaim(tenant.subdomain, tenant.id)] : []),
      ...alongside,
    ],
    async () => conflict(),
  );
  return tenant;
}

/** Replaces the entry if it is still at `expectedVersion` (409 otherwise, 404 when it is gone). */
async function update(current: TenantRecord, expectedVersion: number, data: Omit<TenantRecord, 'id' | 'version'>) {
  if (current.version !== expectedVersion) throw conflict();
  const next: TenantRecord = { ...data, id: current.id, version: expectedVersion + 1 };
  const moved = current.subdomain.toLowerCase() !== next.subdomain.toLowerCase();
  await transact(
    [
      {
        Put: {
          TableName: tableName(),
          Item: toItem(next),
          ConditionExpression: 'attribute_exists(pk) AND #version = :expected',
          ExpressionAttributeNames: { '#version': 'version' },
          ExpressionAttributeValues: { ':expected': expectedVersion },
        },
      },
      ...(moved && current.subdomain ? [deleteClaim(current.subdomain)] : []),
      ...(moved && next.subdomain ? [putClaim(next.subdomain, next.id)] : []),
    ],
    async () => ((await get(current.id)) ? conflict() : notFound()),
  );
  return next;
}

/** Removes the entry and frees its subdomain. */
async function remove(current: TenantRecord): Promise<void> {
  await transact(
    [
      {
        Delete: { TableName: tableName(), Key: tenantItemKey(current.id), ConditionExpression: 'attribute_exists(pk)' },
      },
      ...(current.subdomain ? [deleteClaim(current.subdomain)] : []),
    ],
    async () => notFound(),
  );
}

/** The whole registry in id order; icons make items large, so it follows DynamoDB's 1 MB pages. */
async function list(): Promise<TenantRecord[]> {
  const items: Record<string, unknown>[] = [];
  const pages = queryAllPages({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': TENANT_REGISTRY.pk },
  });
  for await (const page of pages) items.push(...(page.Items ?? []));
  return items.map((item) => fromItem<TenantRecord>(item));
}

export const tenantRepository = { get, bySubdomain, nextId, create, update, remove, list };
