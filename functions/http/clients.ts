import {
  ACCOUNT_MANAGER_UNKNOWN,
  type ClientUser,
  type ClientUserParams,
  clientUserSchema,
} from '../../shared/schemas/client';
import { refreshCompanyOnAssets } from '../lib/clients/client-company-copies';
import { sendClientCredentials } from '../lib/clients/client-credentials';
import { deleteClientWithUsers } from '../lib/clients/client-deletion';
import { clientListPage } from '../lib/clients/client-list';
import { usersOfClient } from '../lib/clients/client-queries';
import { type ClientRecord, clientRepository, toApiClient } from '../lib/clients/client-repository';
import { createClientUser, updateClientUser } from '../lib/clients/client-user-accounts';
import type { TenantContext } from '../lib/data/tenant-context';
import { allowListOf } from '../lib/http/allow-list';
import { parseCollectionQuery } from '../lib/http/collection-query';
import { notFound, unprocessable } from '../lib/http/errors';
import { createHttpHandler, reply, route } from '../lib/http/handler';
import { toCollection } from '../lib/http/hydra';
import { mailLanguage } from '../lib/mail/mail-language';
import { deleteUserAccount } from '../lib/users/user-accounts';
import { type UserRecord, userRepository } from '../lib/users/user-repository';

/**
 * Customers and their users (spec 000 /customers, s.7 /api/clients*). Access per route is in
 * shared/routes.ts (CUSTOMER_*); client and transporter users hold none of these, so they get 403.
 * Choices where the spec is silent: docs/decisions/0072 to 0076, 0097 (index: docs/decisions/README.md).
 */

/** A customer's first logical id follows the seed's numbering (100 + id), so it never collides with it. */
const LOGICAL_ID_OFFSET = 100;

/** The account manager must be a staff user of the same tenant; stored with a copy of the name for lists. */
async function accountManagerOf(
  ctx: TenantContext,
  userId: number | null | undefined,
): Promise<ClientRecord['account_manager'] | undefined> {
  if (userId === undefined || userId === null) return userId;
  const user = await userRepository.get(ctx, userId);
  if (!user || user.roles.includes('ROLE_CLIENT'))
    throw unprocessable([{ propertyPath: 'account_manager', message: ACCOUNT_MANAGER_UNKNOWN }]);
  return { id: user.id, name: user.name };
}

const allowedClientUser = allowListOf(clientUserSchema);

const toApiClientUser = (clientId: number, user: UserRecord): ClientUser =>
  allowedClientUser({ '@id': `/api/clients/${clientId}/users/${user.id}`, '@type': 'User', ...user });

/** A user of this customer in the caller's tenant; any other id is simply not found. */
async function clientUserOrThrow(ctx: TenantContext, { id, userId }: ClientUserParams) {
  await clientRepository.getOrThrow(ctx, id);
  const user = await userRepository.get(ctx, userId);
  if (!user || user.client_id !== id) throw notFound();
  return { clientId: id, user };
}

const contains = (needle: string, ...values: (string | null | undefined)[]) =>
  values.some((value) => (value ?? '').toLowerCase().includes(needle));

export const handler = createHttpHandler('clients', {
  'clients.list': route({ run: ({ auth, rawQuery }) => clientListPage(auth.tenant, rawQuery) }),
  'clients.get': route({
    run: async ({ auth, params }) => toApiClient(await clientRepository.getOrThrow(auth.tenant, params.id)),
  }),
  'clients.create': route({
    run: async ({ auth, body }) => {
      const account_manager = (await accountManagerOf(auth.tenant, body.account_manager)) ?? null;
      const id = await clientRepository.nextId(auth.tenant);
      const created = await clientRepository.create(
        auth.tenant,
        {
          logical_id: LOGICAL_ID_OFFSET + id,
          company: body.company ?? null,
          name: body.name,
          email: body.email,
          account_manager,
        },
        { id },
      );
      return reply(201, toApiClient(created));
    },
  }),
  'clients.update': route({
    run: async ({ auth, params, body }) => {
      const { id } = params;
      const account_manager = await accountManagerOf(auth.tenant, body.account_manager);
      let renamed = false;
      const updated = await clientRepository.update(auth.tenant, id, body.version, (stored) => {
        renamed = body.company !== undefined && body.company !== stored.company;
        return {
          ...stored,
          name: body.name,
          email: body.email,
          ...(body.company === undefined ? {} : { company: body.company }),
          ...(account_manager === undefined ? {} : { account_manager }),
        };
      });
      if (renamed) await refreshCompanyOnAssets(auth.tenant, updated);
      return toApiClient(updated);
    },
  }),
  'clients.delete': route({
    run: async ({ auth, params }) => {
      await deleteClientWithUsers(auth.tenant, await clientRepository.getOrThrow(auth.tenant, params.id));
      return reply(204);
    },
  }),
  'clients.resetPassword': route({
    run: async ({ auth, params, event }) => {
      const client = await clientRepository.getOrThrow(auth.tenant, params.id);
      const result = await sendClientCredentials(auth.tenant, client, mailLanguage(event.headers?.['accept-language']));
      return reply(200, result);
    },
  }),
  'clientUsers.list': route({
    run: async ({ auth, params, rawQuery }) => {
      const { id: clientId } = params;
      await clientRepository.getOrThrow(auth.tenant, clientId);
      const request = parseCollectionQuery(rawQuery, { filters: { search: 'string' } });
      const search = String(request.filters.search?.[0] ?? '')
        .trim()
        .toLowerCase();
      const users = (await usersOfClient(auth.tenant, clientId)).filter(
        (user) => !search || contains(search, user.name, user.email),
      );
      const start = (request.page - 1) * request.itemsPerPage;
      const members = users.slice(start, start + request.itemsPerPage).map((user) => toApiClientUser(clientId, user));
      return toCollection(`/api/clients/${clientId}/users`, request, members, users.length);
    },
  }),
  'clientUsers.create': route({
    run: async ({ auth, params, body }) => {
      const { id: clientId } = params;
      await clientRepository.getOrThrow(auth.tenant, clientId);
      const user = await createClientUser(auth.tenant, clientId, body);
      return reply(201, toApiClientUser(clientId, user));
    },
  }),
  'clientUsers.update': route({
    run: async ({ auth, params, body }) => {
      const { clientId, user } = await clientUserOrThrow(auth.tenant, params);
      return toApiClientUser(clientId, await updateClientUser(auth.tenant, user, body));
    },
  }),
  'clientUsers.delete': route({
    run: async ({ auth, params }) => {
      const { user } = await clientUserOrThrow(auth.tenant, params);
      await deleteUserAccount(auth.tenant, user);
      return reply(204);
    },
  }),
});
