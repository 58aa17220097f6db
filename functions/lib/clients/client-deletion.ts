import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../data/client';
import { counterKey, itemKey } from '../data/keys';
import type { TenantContext } from '../data/tenant-context';
import { conflict, unprocessable } from '../http/errors';
import type { UserRecord } from '../users/user-repository';
import { clientHasAssets, usersOfClient } from './client-queries';
import type { ClientRecord } from './client-repository';
import { deleteCognitoUsers } from './client-user-accounts';

export const CLIENT_HAS_ASSETS = 'This customer still has assets. Move or delete them first.';
export const TOO_MANY_CLIENT_USERS = 'This customer has too many users to delete at once. Delete some users first.';

/** DynamoDB transactions hold at most 100 writes: the customer, its users and the two counters. */
const MAX_USERS_PER_DELETE = 97;

const counterUpdate = (ctx: TenantContext, type: string, change: number) => ({
  Update: {
    TableName: tableName(),
    Key: counterKey(ctx, type),
    UpdateExpression: 'ADD itemCount :change',
    ExpressionAttributeValues: { ':change': change },
  },
});

const guardedDelete = (ctx: TenantContext, type: string, id: number, version: number) => ({
  Delete: {
    TableName: tableName(),
    Key: itemKey(ctx, type, id),
    ConditionExpression: 'attribute_exists(pk) AND #version = :version',
    ExpressionAttributeNames: { '#version': 'version' },
    ExpressionAttributeValues: { ':version': version },
  },
});

/**
 * Deletes a customer with its users, all or nothing: refused (422) while an asset names the customer; the
 * customer and its user records go in one transaction, conditioned on the versions just read, so a user
 * added or changed meanwhile cancels it (409). The Cognito logins go after the records: a login without a
 * record cannot sign in (functions/lib/auth/session.ts), so a failure there leaves nothing usable behind.
 */
export async function deleteClientWithUsers(ctx: TenantContext, client: ClientRecord): Promise<void> {
  if (await clientHasAssets(ctx, client)) throw unprocessable([{ propertyPath: '', message: CLIENT_HAS_ASSETS }]);
  const users: UserRecord[] = await usersOfClient(ctx, client.id);
  if (users.length > MAX_USERS_PER_DELETE) throw unprocessable([{ propertyPath: '', message: TOO_MANY_CLIENT_USERS }]);
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          guardedDelete(ctx, 'CLIENT', client.id, client.version),
          ...users.map((user) => guardedDelete(ctx, 'USER', user.id, user.version)),
          counterUpdate(ctx, 'CLIENT', -1),
          ...(users.length > 0 ? [counterUpdate(ctx, 'USER', -users.length)] : []),
        ],
      }),
    );
  } catch (error) {
    if (error instanceof TransactionCanceledException || (error as Error).name === 'TransactionCanceledException')
      throw conflict();
    throw error;
  }
  await deleteCognitoUsers(users.map((user) => user.username));
}
