import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../data/client';
import { counterKey, itemKey } from '../data/keys';
import { createRepository, type Stored } from '../data/repository';
import type { TenantContext } from '../data/tenant-context';
import { conflict, notFound } from '../http/errors';
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
  const record: ApiTokenRecord = { ...data, id: await apiTokenRepository.nextId(ctx), version: 1 };
  const lookup: ApiClientLookup = { ...secret, tenantId: ctx.tenantId, tokenId: record.id, role: record.role };
  await dynamo().send(
    new TransactWriteCommand({
      TransactItems: [
        apiTokenRepository.putNew(ctx, record),
        {
          Put: {
            TableName: tableName(),
            Item: { ...lookupKey(record.client_id), entityType: 'APICLIENT', ...lookup },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Update: {
            TableName: tableName(),
            Key: counterKey(ctx, TYPE),
            UpdateExpression: 'ADD itemCount :one',
            ExpressionAttributeValues: { ':one': 1 },
          },
        },
      ],
    }),
  );
  return record;
}

/** Revocation deletes the credential and its lookup together; the token endpoint then knows it no more. */
export async function deleteApiToken(ctx: TenantContext, record: ApiTokenRecord): Promise<void> {
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: tableName(),
              Key: itemKey(ctx, TYPE, record.id),
              ConditionExpression: '#version = :version',
              ExpressionAttributeNames: { '#version': 'version' },
              ExpressionAttributeValues: { ':version': record.version },
            },
          },
          { Delete: { TableName: tableName(), Key: lookupKey(record.client_id) } },
          {
            Update: {
              TableName: tableName(),
              Key: counterKey(ctx, TYPE),
              UpdateExpression: 'ADD itemCount :minusOne',
              ExpressionAttributeValues: { ':minusOne': -1 },
            },
          },
        ],
      }),
    );
  } catch (error) {
    if (error instanceof TransactionCanceledException) {
      if (await apiTokenRepository.get(ctx, record.id)) throw conflict();
      throw notFound();
    }
    throw error;
  }
}
