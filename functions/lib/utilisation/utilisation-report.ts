import {
  monthsBetween,
  type UtilisationFigures,
  type UtilisationMonth,
  type UtilisationQuery,
  type UtilisationReport,
} from '../../../shared/schemas/utilisation';
import { assetViewerOf } from '../assets/asset-view';
import type { AuthContext } from '../auth/auth-context';
import { tableName } from '../data/client';
import { queryAllPages } from '../data/query-page';
import { fromItem } from '../data/repository';
import type { TenantContext } from '../data/tenant-context';
import { addSums, NO_SUMS, type UtilisationSums } from './utilisation-days';
import { type UtilisationRollupItem, utilisationPartition } from './utilisation-rollup';

/**
 * GET /api/utilisation: the rollup's items of the months asked (one Query, a key range over at most 12 months:
 * 12 × (customers with assets + 1) items of a few hundred bytes each, whatever the number of assets), the
 * caller's scope applied: a client user reads their own customer's only, whatever they ask for.
 */
export const figuresOf = (sums: UtilisationSums): UtilisationFigures => ({
  assets: sums.assets,
  days_owned: sums.daysOwned,
  days_on_hire: sums.daysOnHire,
  days_idle: sums.daysIdle,
  days_unknown: Math.max(0, sums.daysOwned - sums.daysOnHire - sums.daysIdle),
  utilisation: sums.daysOwned > 0 ? Math.round((sums.daysOnHire / sums.daysOwned) * 1000) / 1000 : null,
  cycles: sums.cycles,
  average_cycle_days: sums.cycles > 0 ? Math.round((sums.cycleSeconds / sums.cycles / 86_400) * 10) / 10 : null,
});

export async function readRollupItems(ctx: TenantContext, from: string, to: string): Promise<UtilisationRollupItem[]> {
  const items: UtilisationRollupItem[] = [];
  const pages = queryAllPages({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': utilisationPartition(ctx), ':from': `${from}#`, ':to': `${to}#~` },
  });
  for await (const page of pages)
    items.push(...(page.Items ?? []).map((item) => fromItem<UtilisationRollupItem>(item)));
  return items;
}

const sumOf = (list: UtilisationSums[]) => list.reduce(addSums, NO_SUMS);

/** One month from its customers' items, narrowed to one profile when asked. */
export function monthOf(month: string, items: readonly UtilisationRollupItem[], profile?: number): UtilisationMonth {
  const ofProfile = (item: UtilisationRollupItem) =>
    profile === undefined ? item.all : (item.profiles.find((p) => p.id === profile)?.sums ?? NO_SUMS);
  const clients = items
    .filter((item) => ofProfile(item).daysOwned > 0)
    .map((item) => ({
      client: item.clientId === 0 ? null : { id: item.clientId, company: item.company },
      figures: figuresOf(ofProfile(item)),
    }));
  const profiles = new Map<number, { name: string; sums: UtilisationSums }>();
  for (const item of items) {
    for (const entry of item.profiles) {
      if (profile !== undefined && entry.id !== profile) continue;
      const seen = profiles.get(entry.id);
      profiles.set(entry.id, { name: seen?.name ?? entry.name, sums: addSums(seen?.sums ?? NO_SUMS, entry.sums) });
    }
  }
  return {
    month,
    through:
      items
        .map((item) => item.through)
        .sort()
        .at(-1) ?? null,
    total: figuresOf(sumOf(items.map(ofProfile))),
    profiles: [...profiles.entries()]
      .sort(([a, x], [b, y]) => (a === 0 ? 1 : b === 0 ? -1 : x.name.localeCompare(y.name) || a - b))
      .map(([id, entry]) => ({ profile: id === 0 ? null : { id, name: entry.name }, figures: figuresOf(entry.sums) })),
    clients: clients.sort((a, b) =>
      a.client === null ? 1 : b.client === null ? -1 : (a.client.company ?? '').localeCompare(b.client.company ?? ''),
    ),
  };
}

export async function readUtilisation(auth: AuthContext, query: UtilisationQuery): Promise<UtilisationReport> {
  const viewer = await assetViewerOf(auth);
  let client = query.client ?? undefined;
  let nothing = false;
  if (viewer.kind === 'client') {
    nothing = viewer.clientId === null || (client !== undefined && client !== viewer.clientId);
    client = viewer.clientId ?? undefined;
  }
  const items = nothing ? [] : await readRollupItems(auth.tenant, query.from, query.to);
  const scoped = client === undefined ? items : items.filter((item) => item.clientId === client);
  return {
    from: query.from,
    to: query.to,
    months: monthsBetween(query.from, query.to).map((month) =>
      monthOf(
        month,
        scoped.filter((item) => item.month === month),
        query.profile ?? undefined,
      ),
    ),
  };
}
