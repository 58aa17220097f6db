import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../data/client';
import { globalCounterKey, TENANT_REGISTRY, tenantItemKey } from '../data/keys';
import { fromItem } from '../data/repository';

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
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': subdomainKey(subdomain) },
      Limit: 1,
    }),
  );
  const item = result.Items?.[0];
  return item ? fromItem<TenantRecord>(item) : undefined;
}

/** Creates a tenant with the next global id; the subdomain index makes it reachable by host name. */
async function create(data: Omit<TenantRecord, 'id' | 'version'>): Promise<TenantRecord> {
  const counter = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: globalCounterKey(TENANT_REGISTRY.type),
      UpdateExpression: 'ADD lastId :one',
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const tenant: TenantRecord = { ...data, id: Number(counter.Attributes?.lastId), version: 1 };
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...tenant,
        ...tenantItemKey(tenant.id),
        entityType: TENANT_REGISTRY.type,
        gsi1pk: subdomainKey(tenant.subdomain),
        gsi1sk: TENANT_REGISTRY.type,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return tenant;
}

async function list(): Promise<TenantRecord[]> {
  const result = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': TENANT_REGISTRY.pk },
    }),
  );
  return (result.Items ?? []).map((item) => fromItem<TenantRecord>(item));
}

export const tenantRepository = { get, bySubdomain, create, list };
