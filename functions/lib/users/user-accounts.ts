import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  type AttributeType,
} from '@aws-sdk/client-cognito-identity-provider';
import { cognito, userPoolId } from '../auth/cognito';
import { throwAsClientError } from '../auth/cognito-errors';
import { removeRecoveryCodes } from '../auth/recovery-codes';
import { signOutEverywhere } from '../auth/sign-out-everywhere';
import type { TenantContext } from '../data/tenant-context';
import { conflict } from '../http/errors';
import { type UserRecord, userRepository } from './user-repository';

/**
 * The one way to create, change and remove a user: a Cognito user (credentials, enabled flag, groups = roles,
 * custom:tenant and custom:user_id) and its user record in DynamoDB. Every multi-step change undoes its
 * earlier steps when a later one fails, so a failure never leaves a Cognito user without a record or the
 * two disagreeing. Used by the API (functions/http/admin-users.ts) and the seed.
 */
export interface NewUserAccount {
  /** Blank: a login name is made from tenant and id (users then sign in with their e-mail). */
  username?: string | null;
  email: string;
  name: string;
  roles: string[];
  password: string;
  active?: boolean;
  client_id?: number;
}

export interface UserAccountChange {
  name: string;
  email: string;
  roles: string[];
  active: boolean;
  /** Undefined: keep the password. */
  password?: string;
}

export { EMAIL_TAKEN, USERNAME_TAKEN } from '../auth/cognito-errors';

type Step = () => Promise<unknown>;

const errorName = (error: unknown) => (error instanceof Error ? error.name : '');

/** Runs the undo steps newest first; an undo that fails is logged by the caller's error, not rethrown. */
async function rollback(undo: Step[]) {
  for (const step of [...undo].reverse()) await step().catch(() => undefined);
}

const generatedUsername = (ctx: TenantContext, id: number) => `user-${ctx.tenantId}-${id}`;

function attributesOf(user: { email: string; name: string }): AttributeType[] {
  return [
    { Name: 'email', Value: user.email },
    { Name: 'email_verified', Value: 'true' },
    { Name: 'name', Value: user.name },
  ];
}

/** Creates the Cognito user first and deletes it again if anything after it fails. */
export async function createUserAccount(ctx: TenantContext, user: NewUserAccount): Promise<UserRecord> {
  const id = await userRepository.nextId(ctx);
  const username = user.username?.trim() || generatedUsername(ctx, id);
  const pool = userPoolId();
  const created = await cognito()
    .send(
      new AdminCreateUserCommand({
        UserPoolId: pool,
        Username: username,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          ...attributesOf(user),
          { Name: 'custom:tenant', Value: ctx.tenantId },
          { Name: 'custom:user_id', Value: String(id) },
          ...(user.client_id === undefined ? [] : [{ Name: 'custom:client_id', Value: String(user.client_id) }]),
        ],
      }),
    )
    .catch(throwAsClientError);
  const active = user.active ?? true;
  try {
    await cognito()
      .send(
        new AdminSetUserPasswordCommand({
          UserPoolId: pool,
          Username: username,
          Password: user.password,
          Permanent: true,
        }),
      )
      .catch(throwAsClientError);
    for (const role of user.roles)
      await cognito().send(new AdminAddUserToGroupCommand({ UserPoolId: pool, Username: username, GroupName: role }));
    if (!active) await cognito().send(new AdminDisableUserCommand({ UserPoolId: pool, Username: username }));
    const sub = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value ?? (await subOf(username));
    return await userRepository.create(
      ctx,
      {
        name: user.name,
        username,
        email: user.email,
        roles: user.roles,
        active,
        sub,
        ...(user.client_id === undefined ? {} : { client_id: user.client_id }),
      },
      { id },
    );
  } catch (error) {
    await rollback([() => cognito().send(new AdminDeleteUserCommand({ UserPoolId: pool, Username: username }))]);
    throw error;
  }
}

async function subOf(username: string): Promise<string> {
  const found = await cognito().send(new AdminGetUserCommand({ UserPoolId: userPoolId(), Username: username }));
  return found.UserAttributes?.find((a) => a.Name === 'sub')?.Value ?? username;
}

/** The reversible Cognito steps of a change, each with its undo. */
function cognitoSteps(current: UserRecord, next: UserAccountChange): { run: Step; undo: Step }[] {
  const base = { UserPoolId: userPoolId(), Username: current.username };
  const steps: { run: Step; undo: Step }[] = [];
  if (current.email !== next.email || current.name !== next.name)
    steps.push({
      run: () => cognito().send(new AdminUpdateUserAttributesCommand({ ...base, UserAttributes: attributesOf(next) })),
      undo: () =>
        cognito().send(new AdminUpdateUserAttributesCommand({ ...base, UserAttributes: attributesOf(current) })),
    });
  const add = (GroupName: string) => () => cognito().send(new AdminAddUserToGroupCommand({ ...base, GroupName }));
  const remove = (GroupName: string) => () =>
    cognito().send(new AdminRemoveUserFromGroupCommand({ ...base, GroupName }));
  for (const role of next.roles.filter((r) => !current.roles.includes(r)))
    steps.push({ run: add(role), undo: remove(role) });
  for (const role of current.roles.filter((r) => !next.roles.includes(r)))
    steps.push({ run: remove(role), undo: add(role) });
  const enable = () => cognito().send(new AdminEnableUserCommand(base));
  const disable = () => cognito().send(new AdminDisableUserCommand(base));
  if (current.active !== next.active)
    steps.push(next.active ? { run: enable, undo: disable } : { run: disable, undo: enable });
  return steps;
}

/**
 * Applies a change to both sides. The version is checked before Cognito is touched (409 writes nothing);
 * the reversible Cognito steps run first, then the password (which cannot be undone, so it comes after
 * everything that can fail for a caller's mistake), then the conditional record write. A failure undoes the
 * Cognito steps; only a concurrent writer in the last milliseconds can leave a new password behind.
 */
export async function updateUserAccount(
  ctx: TenantContext,
  current: UserRecord,
  expectedVersion: number,
  next: UserAccountChange,
): Promise<UserRecord> {
  if (current.version !== expectedVersion) throw conflict();
  const undo: Step[] = [];
  let updated: UserRecord;
  try {
    for (const step of cognitoSteps(current, next)) {
      await step.run();
      undo.push(step.undo);
    }
    if (next.password !== undefined)
      await cognito()
        .send(
          new AdminSetUserPasswordCommand({
            UserPoolId: userPoolId(),
            Username: current.username,
            Password: next.password,
            Permanent: true,
          }),
        )
        .catch(throwAsClientError);
    const { password: _password, ...fields } = next;
    updated = await userRepository.update(ctx, current.id, expectedVersion, (stored) => ({ ...stored, ...fields }));
  } catch (error) {
    await rollback(undo);
    throw error;
  }
  // Only once the change is stored (a refused change signs nobody out): a new password or a deactivation ends
  // every session, refresh tokens and issued ID tokens alike (functions/lib/auth/sign-out-everywhere.ts).
  if (next.password !== undefined || (current.active && !next.active))
    await signOutEverywhere({ username: current.username, tenantId: ctx.tenantId, userId: current.id });
  return updated;
}

/**
 * Removes the record first (it can be written back), then the Cognito user (which cannot be recreated with
 * its password); if Cognito refuses, the record is restored. A Cognito user already gone counts as removed.
 */
export async function deleteUserAccount(ctx: TenantContext, current: UserRecord): Promise<void> {
  await userRepository.remove(ctx, current.id);
  try {
    await cognito().send(new AdminDeleteUserCommand({ UserPoolId: userPoolId(), Username: current.username }));
  } catch (error) {
    if (errorName(error) === 'UserNotFoundException') return;
    const { id, version: _version, ...data } = current;
    await userRepository.create(ctx, data, { id }).catch(() => undefined);
    throw error;
  }
  // The account is gone: its second factor's recovery codes go with it.
  await removeRecoveryCodes(current.username);
}
