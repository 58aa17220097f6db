import { type Client, clientSchema } from '../../../shared/schemas/client';
import { ACCESS_PATTERNS } from '../../../shared/table';
import { indexSortKey, typePartition } from '../data/keys';
import { createRepository } from '../data/repository';
import type { TenantContext } from '../data/tenant-context';
import { allowListOf } from '../http/allow-list';

/** A customer as stored: the API shape without its JSON-LD keys; the account manager's name is copied in. */
export type ClientRecord = Omit<Client, '@id' | '@type'>;

const text = (value: string | null | undefined) => (value ?? '').toLowerCase().slice(0, 200);

export const clientPartition = (ctx: TenantContext) => typePartition(ctx, 'CLIENT');
/** gsi2 partition of the customers one account manager looks after. */
export const accountManagerClientsPartition = (ctx: TenantContext, userId: number) =>
  `${typePartition(ctx, 'USER')}#${userId}#CLIENTS`;

/** Sort field (API name) -> the index that keeps customers in that order; id order is the table's own. */
export const CLIENT_SORT_INDEXES = { company: ACCESS_PATTERNS.clientsByCompany } as const;

/**
 * Customers (spec 000 /customers).
 *  - table   pk T#<t>#CLIENT, sk CLIENT#<id>                    list by id, get by id
 *  - gsi1    byCompany: T#<t>#CLIENT / <company lower>#<id>    list sorted by company (begins_with = prefix search)
 *  - gsi2    byAccountManager: T#<t>#USER#<userId>#CLIENTS / <company lower>#<id>
 *            the customers of one account manager, by company (only when one is set)
 * The users of a customer are user items on gsi1 of USER (functions/lib/users/user-repository.ts).
 */
export const clientRepository = createRepository<ClientRecord>({
  type: 'CLIENT',
  indexKeys: (ctx, client) => ({
    gsi1pk: clientPartition(ctx),
    gsi1sk: indexSortKey(text(client.company), client.id),
    ...(client.account_manager
      ? {
          gsi2pk: accountManagerClientsPartition(ctx, client.account_manager.id),
          gsi2sk: indexSortKey(text(client.company), client.id),
        }
      : {}),
  }),
});

const allowedClient = allowListOf(clientSchema);

export const toApiClient = (client: ClientRecord): Client =>
  allowedClient({ '@id': `/api/clients/${client.id}`, '@type': 'Client', ...client });
