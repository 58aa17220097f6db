import { batchGetByIds } from '../data/batch-get';
import { fromItem } from '../data/repository';
import type { TenantContext } from '../data/tenant-context';

/** The names of the users who reported a page's pickups: one BatchGetItem (a deleted user: no name). */
export async function userNamesOf(ctx: TenantContext, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const users = await batchGetByIds(ctx, 'USER', ids, { attributes: ['id', 'name'] });
  return new Map(
    users.map((item) => {
      const user = fromItem<{ id: number; name: string }>(item);
      return [user.id, user.name] as const;
    }),
  );
}
