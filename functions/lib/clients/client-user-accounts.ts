import { randomBytes, randomInt } from 'node:crypto';
import { AdminDeleteUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognito, userPoolId } from '../auth/cognito';
import type { TenantContext } from '../data/tenant-context';
import { unprocessable } from '../http/errors';
import { loginViolations } from '../users/login-uniqueness';
import { createUserAccount, EMAIL_TAKEN, updateUserAccount } from '../users/user-accounts';
import type { UserRecord } from '../users/user-repository';

export const CLIENT_ROLE = 'ROLE_CLIENT';

/**
 * A password nobody knows: a new client user gets in through the customer's credentials mail or the public
 * forgot-password flow. 20 characters with every class: meets the pool's policy (shared/user-pool.ts).
 */
export function generatePassword(): string {
  const pick = (chars: string) => chars.charAt(randomInt(chars.length));
  const classes = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '23456789', '!#$%&*+-=?@'];
  return `${randomBytes(12).toString('base64url')}${classes.map(pick).join('')}`;
}

/**
 * A customer's user through the shared account functions (functions/lib/users/user-accounts.ts): the one role
 * ROLE_CLIENT, custom:client_id = the customer, and a username made from tenant and id (`user-<tenant>-<id>`,
 * unique in the pool). Not the e-mail: the pool has e-mail as a sign-in alias, and Cognito refuses an
 * e-mail-shaped username then (shared/user-pool.ts); client users sign in with their e-mail. The e-mail is
 * unique in the pool; a taken one answers 422 on `email`, the only login field this form has.
 */
export async function createClientUser(
  ctx: TenantContext,
  clientId: number,
  input: { name: string; email: string; active: boolean },
  password = generatePassword(),
): Promise<UserRecord> {
  const violations = await loginViolations(ctx, { email: input.email });
  if (violations.length > 0) throw unprocessable([{ propertyPath: 'email', message: EMAIL_TAKEN }]);
  return createUserAccount(ctx, {
    username: null,
    email: input.email,
    name: input.name,
    roles: [CLIENT_ROLE],
    password,
    active: input.active,
    client_id: clientId,
  });
}

/** Name, e-mail and active; the Cognito username stays the one it was created with (usernames are fixed). */
export async function updateClientUser(
  ctx: TenantContext,
  user: UserRecord,
  input: { name: string; email: string; active?: boolean; version: number },
): Promise<UserRecord> {
  if (input.email !== user.email) {
    const violations = await loginViolations(ctx, { email: input.email }, user.username);
    if (violations.length > 0) throw unprocessable(violations);
  }
  return updateUserAccount(ctx, user, input.version, {
    name: input.name,
    email: input.email,
    roles: user.roles,
    active: input.active ?? user.active,
  });
}

/** Removes Cognito users whose records are already gone; a record-less login cannot sign in (session.ts). */
export async function deleteCognitoUsers(usernames: readonly string[]) {
  for (const username of usernames) {
    await cognito()
      .send(new AdminDeleteUserCommand({ UserPoolId: userPoolId(), Username: username }))
      .catch((error: Error) => {
        if (error.name !== 'UserNotFoundException') throw error;
      });
  }
}
