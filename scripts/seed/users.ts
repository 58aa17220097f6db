import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { cognito, userPoolId } from '../../functions/lib/auth/cognito';
import type { TenantContext } from '../../functions/lib/data/tenant-context';
import { userRepository } from '../../functions/lib/users/user-repository';

export interface NewUser {
  username: string;
  email: string;
  name: string;
  roles: string[];
  password: string;
  client_id?: number;
}

/** A Cognito user (credentials, groups = roles, custom:tenant and custom:user_id) plus its user record. */
export async function createUser(ctx: TenantContext, user: NewUser) {
  const id = await userRepository.nextId(ctx);
  const created = await cognito().send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId(),
      Username: user.username,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: user.email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'name', Value: user.name },
        { Name: 'custom:tenant', Value: ctx.tenantId },
        { Name: 'custom:user_id', Value: String(id) },
      ],
    }),
  );
  await cognito().send(
    new AdminSetUserPasswordCommand({
      UserPoolId: userPoolId(),
      Username: user.username,
      Password: user.password,
      Permanent: true,
    }),
  );
  for (const role of user.roles) {
    await cognito().send(
      new AdminAddUserToGroupCommand({ UserPoolId: userPoolId(), Username: user.username, GroupName: role }),
    );
  }
  const sub =
    created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value ??
    (
      await cognito().send(new AdminGetUserCommand({ UserPoolId: userPoolId(), Username: user.username }))
    ).UserAttributes?.find((a) => a.Name === 'sub')?.Value ??
    user.username;
  return userRepository.create(
    ctx,
    {
      name: user.name,
      username: user.username,
      email: user.email,
      roles: user.roles,
      active: true,
      sub,
      ...(user.client_id === undefined ? {} : { client_id: user.client_id }),
    },
    id,
  );
}
