import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './client';
import { tenantPrefix } from './keys';
import type { TenantContext } from './tenant-context';

/**
 * A walk through one tenant's records of some kinds, wherever they are, rewriting attributes page by page: what
 * a tenant-wide change of its past needs when no index reaches every copy (an erasure's pseudonym, a retention
 * change's new expiry). It reads the table with a Scan kept to the tenant's key prefix and those kinds, so it
 * runs only in the tenant-walk job (functions/jobs/tenant-walks.ts), the one function with the Scan grant, and
 * answers its cursor after each page so that the job can stop and carry on.
 */
type Item = Record<string, unknown>;
export type WalkCursor = Record<string, unknown>;

export interface WalkedKinds {
  /** `entityType` values. */
  entityTypes: readonly string[];
  /** Sort key prefixes, for kinds stored without an `entityType` (zone visits: `VISIT#`). */
  sortKeyPrefixes?: readonly string[];
}

/** Items one page evaluates: the job saves its place after each. */
const WALK_PAGE = 500;

const errorName = (error: unknown) => (error instanceof Error ? error.name : '');

function filterOf(ctx: TenantContext, kinds: WalkedKinds) {
  const types = kinds.entityTypes.map((type, index) => [`:type${index}`, type] as const);
  const prefixes = (kinds.sortKeyPrefixes ?? []).map((prefix, index) => [`:sk${index}`, prefix] as const);
  const either = [
    ...(types.length > 0 ? [`entityType IN (${types.map(([name]) => name).join(', ')})`] : []),
    ...prefixes.map(([name]) => `begins_with(sk, ${name})`),
  ];
  return {
    FilterExpression: `begins_with(pk, :tenant) AND (${either.join(' OR ')})`,
    ExpressionAttributeValues: Object.fromEntries([[':tenant', tenantPrefix(ctx)], ...types, ...prefixes]),
  };
}

/** Writes the changed attributes of one item; an item its TTL removed meanwhile is left gone. */
async function rewrite(item: Item, changed: Item) {
  const names = Object.keys(changed);
  await dynamo()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: item.pk, sk: item.sk },
        UpdateExpression: `SET ${names.map((_, index) => `#a${index} = :v${index}`).join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: Object.fromEntries(names.map((name, index) => [`#a${index}`, name])),
        ExpressionAttributeValues: Object.fromEntries(names.map((name, index) => [`:v${index}`, changed[name]])),
      }),
    )
    .catch((error) => {
      if (errorName(error) !== 'ConditionalCheckFailedException') throw error;
    });
}

/**
 * One page of the walk from `cursor`: each item the page holds is given to `change`, which answers the
 * attributes to write (never a key) or nothing. Answers the cursor to carry on from, or nothing at the end.
 */
export async function walkTenantPage(
  ctx: TenantContext,
  kinds: WalkedKinds,
  change: (item: Item) => Item | undefined,
  cursor: WalkCursor | undefined,
): Promise<WalkCursor | undefined> {
  const page = await dynamo().send(
    new ScanCommand({
      TableName: tableName(),
      Limit: WALK_PAGE,
      ...filterOf(ctx, kinds),
      ...(cursor ? { ExclusiveStartKey: cursor } : {}),
    }),
  );
  for (const item of page.Items ?? []) {
    const changed = change(item);
    if (changed) await rewrite(item, changed);
  }
  return page.LastEvaluatedKey;
}
