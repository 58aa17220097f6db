import { AdminGetUserCommand, AdminUserGlobalSignOutCommand } from '@aws-sdk/client-cognito-identity-provider';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { MESSAGES } from '../../../shared/errors';
import { dynamo, tableName } from '../data/client';
import { itemKey } from '../data/keys';
// The tenant comes from a verified token or from the Cognito user's own attributes, never from a request body.
import { systemTenantContext } from '../data/system-context';
import { unauthorized } from '../http/errors';
import type { VerifiedIdentity } from './claims';
import { cognito, userPoolId } from './cognito';

/**
 * Ends every session of a user at once (password change or reset, deactivation, sign-out everywhere).
 *
 * Two halves, because each covers what the other cannot:
 *  - Cognito AdminUserGlobalSignOut revokes the user's refresh tokens (no new ID tokens), but ID tokens already
 *    issued stay valid to the JWT authorizer until they expire (one hour);
 *  - so the user record gets `tokensValidAfter` (epoch seconds) and every request's auth context refuses an ID
 *    token issued before it (assertTokenCurrent below), on the very next request.
 * Cognito first: stamping first would let a refresh in between mint a token the stamp no longer catches.
 */
export interface AccountRef {
  username: string;
  /** The user record's key; read from the Cognito user's custom attributes when not given. */
  tenantId?: string;
  userId?: number;
}

const USER_TYPE = 'USER';
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The user record of a Cognito user: its tenant and id, from the user's own attributes when not given. */
export async function userRecordKeyOf(account: AccountRef): Promise<{ tenantId: string; userId: number } | undefined> {
  if (account.tenantId && account.userId !== undefined) return { tenantId: account.tenantId, userId: account.userId };
  const found = await cognito().send(new AdminGetUserCommand({ UserPoolId: userPoolId(), Username: account.username }));
  const attribute = (name: string) => found.UserAttributes?.find((a) => a.Name === name)?.Value;
  const tenantId = attribute('custom:tenant');
  const userId = Number(attribute('custom:user_id'));
  // API credentials (user 0) and users without a record have no record to stamp.
  return tenantId && Number.isInteger(userId) && userId > 0 ? { tenantId, userId } : undefined;
}

/** Only moves forward and never creates an item (a record deleted meanwhile stays deleted). */
async function stampTokensValidAfter(tenantId: string, userId: number, at: number): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: itemKey(systemTenantContext(tenantId), USER_TYPE, userId),
        UpdateExpression: 'SET tokensValidAfter = :at',
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(tokensValidAfter) OR tokensValidAfter < :at)',
        ExpressionAttributeValues: { ':at': at },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

export async function signOutEverywhere(account: AccountRef): Promise<void> {
  const key = await userRecordKeyOf(account);
  await cognito().send(new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId(), Username: account.username }));
  if (key) await stampTokensValidAfter(key.tenantId, key.userId, nowSeconds());
}

/** Marks the refusal of a token issued in or before the second of a sign-out (see signIn in session.ts). */
const ISSUED_BEFORE_SIGN_OUT = Symbol('issuedBeforeSignOut');
export const isIssuedBeforeSignOut = (error: unknown) =>
  typeof error === 'object' && error !== null && ISSUED_BEFORE_SIGN_OUT in error;

/**
 * One GetItem per request for a console user (run beside the role matrix read): refuses the token of a user
 * who is gone, deactivated, or whose sessions were ended after the token was issued. Token times are whole
 * seconds, so a token issued in the very second of the stamp is refused too (it may predate the sign-out);
 * sign-in renews such a token by its refresh token in the next second (session.ts sessionOf).
 */
export async function assertTokenCurrent(identity: Pick<VerifiedIdentity, 'tenantId' | 'userId' | 'issuedAt'>) {
  const result = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: itemKey(systemTenantContext(identity.tenantId), USER_TYPE, identity.userId),
      ProjectionExpression: 'active, tokensValidAfter',
    }),
  );
  const user = result.Item as { active?: boolean; tokensValidAfter?: number } | undefined;
  if (!user || user.active === false) throw unauthorized(MESSAGES.invalidToken);
  if (user.tokensValidAfter !== undefined && identity.issuedAt <= user.tokensValidAfter)
    throw Object.assign(unauthorized(MESSAGES.invalidToken), { [ISSUED_BEFORE_SIGN_OUT]: true });
}
