import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminSetUserPasswordCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { decomposeUnverifiedJwt } from 'aws-jwt-verify/jwt';
import { MESSAGES } from '../../../shared/errors';
import { ROLES, type RoleName } from '../../../shared/permissions';
import type { VerifiedIdentity } from '../auth/claims';
import { cognito, userPoolId } from '../auth/cognito';
import type { TenantContext } from '../data/tenant-context';
import { unauthorized } from '../http/errors';
import { findApiClient } from './api-token-repository';

/**
 * API clients get their tokens from Cognito itself (docs/decisions/0068): each credential has
 * a hidden pool user "api-<client_id>" whose password is the client secret, whose groups are the one role of
 * the credential and whose custom:tenant is the credential's tenant. Its ID token therefore passes the same
 * JWT authorizer and the same claims parsing as a console user's, with exactly that role's permissions.
 * custom:user_id is 0: no user record has that id, so nothing "own record"-like applies to a client.
 */
export const API_CLIENT_USER_ID = 0;
export const INVALID_CLIENT = 'Invalid client id or client secret.';
const USERNAME_PREFIX = 'api-';
export const apiClientUsername = (clientId: string) => `${USERNAME_PREFIX}${clientId}`;

export const isApiClientIdentity = (identity: Pick<VerifiedIdentity, 'userId' | 'username'>) =>
  identity.userId === API_CLIENT_USER_ID && identity.username.startsWith(USERNAME_PREFIX);

/** The client id in an API client's username ("api-<client_id>"). */
export const apiClientIdOf = (username: string) => username.slice(USERNAME_PREFIX.length);

/** The app client for API clients: ID tokens valid 15 minutes, no other use. */
const apiClientsAppClientId = () => {
  const id = process.env.API_CLIENTS_CLIENT_ID;
  if (!id) throw new Error('API_CLIENTS_CLIENT_ID is not set');
  return id;
};

/** The creator's highest role (Cognito group precedence), never super admin: a credential stays in its tenant. */
export function credentialRole(creatorRoles: readonly string[]): RoleName | undefined {
  const highest = ROLES.find((role) => creatorRoles.includes(role));
  return highest === 'ROLE_SUPER_ADMIN' ? 'ROLE_ADMIN' : highest;
}

export async function createApiClientUser(ctx: TenantContext, clientId: string, secret: string, role: RoleName) {
  const Username = apiClientUsername(clientId);
  await cognito().send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId(),
      Username,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'custom:tenant', Value: ctx.tenantId },
        { Name: 'custom:user_id', Value: String(API_CLIENT_USER_ID) },
      ],
    }),
  );
  try {
    await cognito().send(
      new AdminSetUserPasswordCommand({ UserPoolId: userPoolId(), Username, Password: secret, Permanent: true }),
    );
    await cognito().send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId(), Username, GroupName: role }));
  } catch (error) {
    await deleteApiClientUser(clientId);
    throw error;
  }
}

export async function deleteApiClientUser(clientId: string): Promise<void> {
  try {
    await cognito().send(
      new AdminDeleteUserCommand({ UserPoolId: userPoolId(), Username: apiClientUsername(clientId) }),
    );
  } catch (error) {
    if ((error as Error).name !== 'UserNotFoundException') throw error;
  }
}

/** Cognito checks the secret a second time (as the user's password) and signs the 15-minute ID token. */
export async function issueApiClientToken(clientId: string, secret: string, ip: string) {
  try {
    const result = await cognito().send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: apiClientsAppClientId(),
        AuthParameters: { USERNAME: apiClientUsername(clientId), PASSWORD: secret },
        // The client's address for Cognito's threat protection (docs/security.md "Guessing or spraying passwords at
        // sign-in").
        UserContextData: { IpAddress: ip },
      }),
    );
    const token = result.AuthenticationResult?.IdToken;
    if (!token) throw unauthorized(INVALID_CLIENT);
    const { exp = 0 } = decomposeUnverifiedJwt(token).payload;
    return {
      access_token: token,
      token_type: 'Bearer',
      expires_in: Math.max(0, exp - Math.floor(Date.now() / 1000)),
    };
  } catch (error) {
    if (/NotAuthorized|UserNotFound|PasswordResetRequired/.test((error as Error).name))
      throw unauthorized(INVALID_CLIENT);
    throw error;
  }
}

/**
 * Every request of an API client: its credential must still exist in the token's tenant. Revoking takes
 * effect at once, also for tokens issued before, or obtained from Cognito directly with the secret.
 */
export async function assertApiClientActive(identity: VerifiedIdentity): Promise<void> {
  const lookup = await findApiClient(apiClientIdOf(identity.username));
  if (!lookup || lookup.tenantId !== identity.tenantId) throw unauthorized(MESSAGES.invalidToken);
}
