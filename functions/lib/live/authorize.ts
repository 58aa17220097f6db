import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { isApiClientIdentity } from '../api-tokens/api-client-identity';
import { identityFromClaims, type RawClaims } from '../auth/claims';
import { loadRoleMatrix, permissionsOf } from '../auth/role-matrix';
import { dynamo, tableName } from '../data/client';
import { itemKey } from '../data/keys';
import { systemTenantContext } from '../data/system-context';
import { makeTenantContext } from '../data/tenant-context';
import { LIVE_ASSET_PERMISSIONS, type LiveIdentity, maySubscribe } from './channel-rules';

/** The AppSync Events operations a Lambda authorizer is asked about. */
export type LiveOperation = 'EVENT_CONNECT' | 'EVENT_SUBSCRIBE' | 'EVENT_PUBLISH';

/**
 * The identity behind verified ID token claims, or undefined when it may not use push at all: an API credential
 * (machines poll the API; push is the console's), a deactivated or unknown user, or a token issued before the
 * user's sessions were ended (the same rule as the API's assertTokenCurrent, functions/lib/auth/sign-out-everywhere.ts,
 * read here together with the client user's customer in one GetItem).
 */
export async function liveIdentityOf(claims: RawClaims | undefined): Promise<LiveIdentity | undefined> {
  const identity = identityFromClaims(claims);
  if (!identity || isApiClientIdentity(identity)) return undefined;
  const result = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: itemKey(systemTenantContext(identity.tenantId), 'USER', identity.userId),
      ProjectionExpression: 'active, tokensValidAfter, client_id',
    }),
  );
  const user = result.Item as { active?: boolean; tokensValidAfter?: number; client_id?: number | null } | undefined;
  if (!user || user.active === false) return undefined;
  if (user.tokensValidAfter !== undefined && identity.issuedAt <= user.tokensValidAfter) return undefined;
  // The role matrix read now, as the API reads it on every request: a permission an admin takes away refuses the
  // next subscribe as it refuses the next API call.
  const granted = permissionsOf(await loadRoleMatrix(makeTenantContext(identity.tenantId)), identity.groups);
  return {
    tenantId: identity.tenantId,
    userId: identity.userId,
    groups: identity.groups,
    clientId: typeof user.client_id === 'number' ? user.client_id : null,
    readsAssets: LIVE_ASSET_PERMISSIONS.some((permission) => granted.has(permission)),
  };
}

/**
 * The decision for one operation, given claims already verified (signature, issuer, audience, expiry, ID token):
 * connect needs a current user; subscribe also the channel rules (channel-rules.ts); publish is never allowed with
 * a user's token (only the backend publishes, with IAM).
 */
export async function authorizeLive(request: {
  claims: RawClaims | undefined;
  operation: LiveOperation;
  channel?: string;
}): Promise<boolean> {
  if (request.operation === 'EVENT_PUBLISH') return false;
  const identity = await liveIdentityOf(request.claims);
  if (!identity) return false;
  if (request.operation === 'EVENT_CONNECT') return true;
  return typeof request.channel === 'string' && maySubscribe(identity, request.channel);
}

/** A token as AppSync hands it over: the raw ID token, or (as some clients send it) "Bearer <token>". */
export const bareToken = (authorization: unknown): string | undefined => {
  if (typeof authorization !== 'string' || authorization === '') return undefined;
  return /^Bearer\s+(.+)$/i.exec(authorization)?.[1] ?? authorization;
};
