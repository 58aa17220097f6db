import { userListQuerySchema, userSchema } from '../../shared/schemas/user';
import { turnOffSecondFactor } from '../lib/auth/second-factor';
import { isCurrentPassword } from '../lib/auth/session';
import { importDevicesFromUpload } from '../lib/devices/device-import';
import { allowListOf } from '../lib/http/allow-list';
import { parseCollectionQuery } from '../lib/http/collection-query';
import { forbidden, notFound, unprocessable } from '../lib/http/errors';
import { createHttpHandler, reply, route } from '../lib/http/handler';
import { toCollection } from '../lib/http/hydra';
import { validate } from '../lib/http/validation';
import { secondFactorResetMail } from '../lib/mail/second-factor-reset-mail';
import { sendMail } from '../lib/mail/send-mail';
import { readNotificationSettings } from '../lib/notifications/notification-settings';
import { eraseUser, erasureStateOf } from '../lib/personal-data/erasure';
import { personalDataOf } from '../lib/personal-data/personal-data-export';
import { clientIp } from '../lib/security/client-ip';
import { loginViolations } from '../lib/users/login-uniqueness';
import { createUserAccount, deleteUserAccount, updateUserAccount } from '../lib/users/user-accounts';
import {
  assertMayChange,
  assertMayCreate,
  assertMayGrant,
  assertMayManage,
  assertMayRead,
  isSelf,
  MESSAGES_USERS,
} from '../lib/users/user-policy';
import { allUsersOf, type UserRecord, userRepository } from '../lib/users/user-repository';

/** Users administration (spec 001 s.2 Users screen, s.3 User, s.5 validation, s.6 roles, s.7 calls). */

const allowedUser = allowListOf(userSchema);

/** A client user's customer link (client_id) is the customers screen's business: GET /api/clients/{id}/users. */
const toApiUser = (user: UserRecord) =>
  allowedUser({ '@id': `/api/users/${user.id}`, '@type': 'User', ...user, user_tenant_roles: [] });

const filterSchema = userListQuerySchema.pick({ search: true, id: true, name: true, username: true, email: true });

const contains = (value: string | null | undefined, part: string) => (value ?? '').toLowerCase().includes(part);

/** search: name, username or e-mail contains (case-insensitive); the other filters narrow further. */
function matches(filters: ReturnType<typeof filterSchema.parse>) {
  const search = filters.search?.toLowerCase();
  return (user: UserRecord) =>
    (!search || contains(user.name, search) || contains(user.username, search) || contains(user.email, search)) &&
    (filters.id === undefined || user.id === filters.id) &&
    (!filters.name || contains(user.name, filters.name.toLowerCase())) &&
    (!filters.username || contains(user.username, filters.username.toLowerCase())) &&
    (!filters.email || user.email.toLowerCase() === filters.email.toLowerCase());
}

/** Users changing their own password prove they know the current one (422 on the field otherwise). */
async function assertOwnPasswordKnown(current: UserRecord, given: string | undefined, ip: string) {
  const message = !given
    ? MESSAGES_USERS.currentPasswordRequired
    : !(await isCurrentPassword(current.username, given, ip))
      ? MESSAGES_USERS.currentPasswordWrong
      : undefined;
  if (message) throw unprocessable([{ propertyPath: 'current_password', message }]);
}

const byName = (a: UserRecord, b: UserRecord) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id - b.id;

export const handler = createHttpHandler('admin-users', {
  'users.list': route({
    run: async ({ auth, rawQuery }) => {
      const request = parseCollectionQuery(rawQuery, {});
      const filters = validate(filterSchema, Object.fromEntries(request.params));
      const found = (await allUsersOf(auth.tenant)).filter(matches(filters)).sort(byName);
      const start = (request.page - 1) * request.itemsPerPage;
      const members = found.slice(start, start + request.itemsPerPage).map(toApiUser);
      return toCollection('/api/users', request, members, found.length);
    },
  }),
  'users.get': route({
    run: async ({ auth, params }) => {
      const user = await userRepository.getOrThrow(auth.tenant, params.id);
      assertMayRead(auth, user);
      return toApiUser(user);
    },
  }),
  'users.create': route({
    run: async ({ auth, body }) => {
      assertMayGrant(auth, [], body.roles);
      assertMayCreate(auth, body.roles);
      const taken = await loginViolations(auth.tenant, { username: body.username, email: body.email });
      if (taken.length) throw unprocessable(taken);
      const created = await createUserAccount(auth.tenant, {
        username: body.username,
        email: body.email,
        name: body.name,
        roles: [...new Set(body.roles)],
        password: body.password,
        active: body.active,
      });
      return reply(201, toApiUser(created));
    },
  }),
  'users.update': route({
    run: async ({ auth, params, body, event }) => {
      const current = await userRepository.getOrThrow(auth.tenant, params.id);
      if (!isSelf(auth, current)) assertMayManage(auth, current, 'USER_EDIT');
      const wanted = {
        username: body.username,
        email: body.email ?? current.email,
        roles: body.roles ? [...new Set(body.roles)] : current.roles,
        active: body.active ?? current.active,
      };
      if (!isSelf(auth, current)) assertMayGrant(auth, current.roles, wanted.roles);
      assertMayChange(auth, current, wanted);
      if (isSelf(auth, current) && body.password !== undefined)
        await assertOwnPasswordKnown(current, body.current_password, clientIp(event));
      if (wanted.email !== current.email) {
        const taken = await loginViolations(auth.tenant, { email: wanted.email }, current.username);
        if (taken.length) throw unprocessable(taken);
      }
      const updated = await updateUserAccount(auth.tenant, current, body.version, {
        name: body.name,
        email: wanted.email,
        roles: wanted.roles,
        active: wanted.active,
        password: body.password,
      });
      return toApiUser(updated);
    },
  }),
  'users.delete': route({
    run: async ({ auth, params }) => {
      const current = await userRepository.getOrThrow(auth.tenant, params.id);
      if (isSelf(auth, current)) throw forbidden(MESSAGES_USERS.deleteSelf);
      assertMayManage(auth, current, 'USER_DELETE');
      await deleteUserAccount(auth.tenant, current);
      return reply(204);
    },
  }),
  // A lost authenticator: the factor goes off with its recovery codes; the user's next sign-in sets a new one up
  // where their role requires it. The user is mailed, so a reset nobody asked for does not go unnoticed.
  'users.resetSecondFactor': route({
    run: async ({ auth, params }) => {
      const current = await userRepository.getOrThrow(auth.tenant, params.id);
      assertMayManage(auth, current, 'USER_EDIT');
      await turnOffSecondFactor(current.username);
      const { language } = await readNotificationSettings(auth.tenant);
      if (current.email) await sendMail(secondFactorResetMail(current.email, language));
      return reply(204);
    },
  }),
  // A person's data erased: the account and every copy of their name, login and address (an erasure already
  // started for an account now gone is carried on: a repeated request finishes it).
  'users.erase': route({
    run: async ({ auth, params }) => {
      const { id } = params;
      const current = await userRepository.get(auth.tenant, id);
      if (!current) {
        const pending = await erasureStateOf(auth.tenant, id);
        if (pending) return pending;
        throw notFound();
      }
      if (isSelf(auth, current)) throw forbidden(MESSAGES_USERS.deleteSelf);
      assertMayManage(auth, current, 'USER_DELETE');
      return eraseUser(auth.tenant, current);
    },
  }),
  'users.exportPersonalData': route({
    run: async ({ auth, params }) => {
      const current = await userRepository.getOrThrow(auth.tenant, params.id);
      if (!isSelf(auth, current)) assertMayManage(auth, current, 'USER_EDIT');
      return personalDataOf(auth.tenant, current);
    },
  }),
  // Devices have no owner: they go into the user's tenant, which is the caller's (docs/decisions/0115).
  'users.uploadDevices': route({
    rawBody: true,
    run: async ({ auth, params, event }) => {
      await userRepository.getOrThrow(auth.tenant, params.id);
      return importDevicesFromUpload(auth.tenant, event);
    },
  }),
});
