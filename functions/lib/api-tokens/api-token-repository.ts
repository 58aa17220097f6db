import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../data/client';
import { createRepository, type Stored } from '../data/repository';
import type { TenantContext } from '../data/tenant-context';
import type { SecretHash } from './api-client-secrets';

/** An API credential of a tenant (spec 001 s.3 "API token"); the secret is never part of it. */
export interface ApiTokenRecord extends Stored {
  name: string;
  client_id: string;
  /** The single role the client acts with (see docs/decisions/0069). */
  role: string;
  created_by: number;
  created_at: string;
}

/**
 * What the token endpoint needs before it knows the tenant: platform-level, keyed by the client id (the
 * request carries nothing else). Written and deleted together with the credential.
 */
export interface ApiClientLookup extends SecretHash {
  tenantId: string;
  tokenId: number;
  role: string;
}

const TYPE = 'API_TOKEN';
export const apiTokenRepository = createRepository<ApiTokenRecord>({ type: TYPE });
const lookupKey = (clientId: string) => ({ pk: `APICLIENT#${clientId}`, sk: 'APICLIENT' });

export async function findApiClient(clientId: string): Promise<ApiClientLookup | undefined> {
  const result = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: lookupKey(clientId), ConsistentRead: true }),
  );
  return result.Item as ApiClientLookup | undefined;
}

/** Credential, lookup and count in one transaction: never one without the other. */
export async function createApiToken(
  ctx: TenantContext,
  data: Omit<ApiTokenRecord, 'id' | 'version'>,
  secret: SecretHash,
): Promise<ApiTokenRecord> {
  const id = await apiTokenRepository.nextId(ctx);
  const lookup: ApiClientLookup = { ...secret, tenantId: ctx.tenantId, tokenId: id, role: data.role };
  return apiTokenRepository.create(ctx, data, {
    id,
    alongside: [
      {
        Put: {
          TableName: tableName(),
          Item: { ...lookupKey(data.client_id), entityType: 'APICLIENT', ...lookup },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ],
  });
}

/** Revocation deletes the credential and its lookup together; the token endpoint then knows it no more. */
export const deleteApiToken = (ctx: TenantContext, record: ApiTokenRecord) =>
  apiTokenRepository.remove(ctx, record.id, record.version, {
    alongside: [{ Delete: { TableName: tableName(), Key: lookupKey(record.client_id) } }],
  });
