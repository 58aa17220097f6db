import { typePartition } from '../data/keys';
import { createRepository, type Stored } from '../data/repository';
import type { TenantContext } from '../data/tenant-context';

/**
 * A user of a tenant. Credentials live in Cognito (username, password, active = enabled, roles = groups);
 * this record holds what the console lists and filters, keyed by the numeric id the token carries as
 * custom:user_id. gsi1 lists the users of a customer (client users, spec 000 /customers Users tab).
 */
export interface UserRecord extends Stored {
  name: string;
  username: string;
  email: string;
  roles: string[];
  active: boolean;
  /** Cognito's sub, the stable link between the two. */
  sub: string;
  /** Set for ROLE_CLIENT users: the customer whose assets they may see. */
  client_id?: number;
  /**
   * Epoch seconds: ID tokens issued before this are refused on the next request (sign-out everywhere,
   * password change, deactivation), since the JWT authorizer cannot know (functions/lib/auth/sign-out-everywhere.ts).
   */
  tokensValidAfter?: number;
}

export const userRepository = createRepository<UserRecord>({
  type: 'USER',
  indexKeys: (ctx, user) =>
    user.client_id === undefined
      ? {}
      : { gsi1pk: `${typePartition(ctx, 'CLIENT')}#${user.client_id}#USERS`, gsi1sk: user.name.toLowerCase() },
});

/**
 * Every user of a tenant, for the searchable users list. A tenant has tens to a few hundred users, so one
 * partition Query (paged by DynamoDB) and filtering in memory is cheaper than an index per search field.
 */
export const USERS_READ_CAP = 5000;
export async function allUsersOf(ctx: TenantContext): Promise<UserRecord[]> {
  return (await userRepository.page(ctx, { page: 1, itemsPerPage: USERS_READ_CAP })).items;
}
