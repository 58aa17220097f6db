import type { HydraCollection } from '../../../shared/hydra';
import type { Client } from '../../../shared/schemas/client';
import type { TenantContext } from '../data/tenant-context';
import { type CollectionQuery, type OrderBy, parseCollectionQuery } from '../http/collection-query';
import { toCollection } from '../http/hydra';
import { allClients } from './client-queries';
import {
  CLIENT_SORT_INDEXES,
  type ClientRecord,
  clientPartition,
  clientRepository,
  toApiClient,
} from './client-repository';

export const DEFAULT_CLIENT_ORDER: OrderBy = { field: 'company', direction: 'asc' };
const CLIENT_ORDERS = ['company', 'id', 'logical_id', 'name', 'email', 'account_manager.name'] as const;
type ClientOrder = (typeof CLIENT_ORDERS)[number];

const sortValue = (client: ClientRecord, field: ClientOrder): string | number => {
  if (field === 'id' || field === 'logical_id') return client[field] ?? 0;
  if (field === 'account_manager.name') return (client.account_manager?.name ?? '').toLowerCase();
  return (client[field] ?? '').toLowerCase();
};

function compareBy(order: OrderBy) {
  const sign = order.direction === 'asc' ? 1 : -1;
  return (a: ClientRecord, b: ClientRecord) => {
    const [x, y] = [sortValue(a, order.field as ClientOrder), sortValue(b, order.field as ClientOrder)];
    return (x < y ? -1 : x > y ? 1 : a.id - b.id) * sign;
  };
}

function matches(client: ClientRecord, filters: CollectionQuery['filters']): boolean {
  const search = String(filters.search?.[0] ?? '')
    .trim()
    .toLowerCase();
  if (search && ![client.company, client.name, client.email].some((v) => (v ?? '').toLowerCase().includes(search)))
    return false;
  if (filters.id && !filters.id.includes(client.id)) return false;
  if (filters.logical_id && !filters.logical_id.includes(client.logical_id ?? Number.NaN)) return false;
  return true;
}

/**
 * GET /api/clients: search (company, name or e-mail contains), filters id and logical_id (integers, 422
 * "Must be a number"), sorted by company unless order[...] says otherwise. The unfiltered list in company or
 * id order reads one page from its index; a search, a filter or another order reads the tenant's customers
 * once (tens to hundreds of items) and filters in memory, because DynamoDB has no "contains" index.
 */
export async function clientListPage(ctx: TenantContext, rawQuery: string): Promise<HydraCollection<Client>> {
  const request = parseCollectionQuery(rawQuery, {
    filters: { search: 'string', id: 'int', logical_id: 'int' },
    orders: CLIENT_ORDERS,
    defaultOrder: DEFAULT_CLIENT_ORDER,
  });
  const order = request.order[0] ?? DEFAULT_CLIENT_ORDER;
  const filtered = Object.keys(request.filters).length > 0;
  if (!filtered && (order.field === 'company' || order.field === 'id')) {
    const indexName = order.field === 'company' ? CLIENT_SORT_INDEXES.company : undefined;
    const [page, total] = await Promise.all([
      clientRepository.page(ctx, {
        page: request.page,
        itemsPerPage: request.itemsPerPage,
        ...(indexName ? { index: { name: indexName, partition: clientPartition(ctx) } } : {}),
        ascending: order.direction === 'asc',
      }),
      clientRepository.count(ctx),
    ]);
    return toCollection('/api/clients', request, page.items.map(toApiClient), total);
  }
  const clients = (await allClients(ctx)).filter((client) => matches(client, request.filters)).sort(compareBy(order));
  const start = (request.page - 1) * request.itemsPerPage;
  const members = clients.slice(start, start + request.itemsPerPage).map(toApiClient);
  return toCollection('/api/clients', request, members, clients.length);
}
