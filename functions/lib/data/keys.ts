import type { TenantContext } from './tenant-context';

/**
 * Pure key builders. Every tenant item's partition key starts with "T#<tenantId>#", so a query built from a
 * TenantContext can only ever reach that tenant's items. Numbers are zero-padded so that string order is
 * numeric order in sort keys.
 */
export const ID_WIDTH = 10;
export const pad = (n: number, width = ID_WIDTH) => {
  if (!Number.isInteger(n) || n < 0) throw new Error(`Cannot pad ${n}`);
  return String(n).padStart(width, '0');
};

/** Sortable encoding of a possibly negative or fractional number (e.g. days, lengths). */
export function sortableNumber(n: number): string {
  const shifted = Math.round(n * 1000) + 1e15; // three decimals, non-negative for |n| < 1e12
  return String(shifted).padStart(16, '0');
}

export const tenantPrefix = (ctx: TenantContext) => `T#${ctx.tenantId}#`;
/** Partition of all items of one type in one tenant ("T#1#ASSET"). */
export const typePartition = (ctx: TenantContext, type: string) => `${tenantPrefix(ctx)}${type}`;
export const itemSortKey = (type: string, id: number) => `${type}#${pad(id)}`;
/** The id of a table sort key `<TYPE>#<padded id>`: what a KEYS_ONLY index entry says of its item. */
export const idOfItemSortKey = (sk: string) => Number(sk.slice(sk.lastIndexOf('#') + 1));
export const itemKey = (ctx: TenantContext, type: string, id: number) => ({
  pk: typePartition(ctx, type),
  sk: itemSortKey(type, id),
});
export const counterKey = (ctx: TenantContext, type: string) => ({ pk: `${tenantPrefix(ctx)}COUNTER`, sk: type });

/** An index sort key: the sort value then the id, so equal values keep a stable order. */
export const indexSortKey = (value: string, id: number) => `${value}#${pad(id)}`;

/** Platform-level items (the tenant registry) live outside every tenant's partitions. */
export const TENANT_REGISTRY = { pk: 'TENANTS', type: 'TENANT' } as const;
export const tenantItemKey = (tenantId: number) => ({ pk: TENANT_REGISTRY.pk, sk: itemSortKey('TENANT', tenantId) });
export const globalCounterKey = (type: string) => ({ pk: 'GLOBAL#COUNTER', sk: type });
