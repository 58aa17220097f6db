import { tableName } from '../data/client';
import { itemKey } from '../data/keys';
import type { TenantContext } from '../data/tenant-context';
import { counterChanges, TRANSACTION_MAX_ITEMS, type TransactItem, versioned } from '../data/transaction';
import { conflict, unprocessable } from '../http/errors';
import type { UserRecord } from '../users/user-repository';
import { clientHasAssets, usersOfClient } from './client-queries';
import { type ClientRecord, clientRepository } from './client-repository';
import { deleteCognitoUsers } from './client-user-accounts';

export const CLIENT_HAS_ASSETS = 'This customer still has assets. Move or delete them first.';
export const TOO_MANY_CLIENT_USERS = 'This customer has too many users to delete at once. Delete some users first.';

/** One transaction holds the customer, its users and the two counters. */
const MAX_USERS_PER_DELETE = TRANSACTION_MAX_ITEMS - 3;

const userDelete = (ctx: TenantContext, user: UserRecord): TransactItem => ({
  Delete: { TableName: tableName(), Key: itemKey(ctx, 'USER', user.id), ...versioned(user.version) },
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
  await clientRepository.remove(ctx, client.id, client.version, {
    alongside: [
      ...users.map((user) => userDelete(ctx, user)),
      ...counterChanges(ctx, 'USER', { itemCount: -users.length }),
    ],
    cancelled: () => conflict(),
  });
  await deleteCognitoUsers(users.map((user) => user.username));
}
