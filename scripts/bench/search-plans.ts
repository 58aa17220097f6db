import { assetListRequestOf } from '../../functions/lib/assets/asset-list-request';
import { listAssets, matchesFilters } from '../../functions/lib/assets/asset-query';
import { assetRepository } from '../../functions/lib/assets/asset-repository';
import { assetSearchPlan } from '../../functions/lib/assets/asset-search';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { findCandidates } from '../../functions/lib/search/gram-search';
import { pageOf, readsInOrder } from '../../functions/lib/search/search-read';
import { percentile } from './asset-list.bench';
import { formatUnits, readUnitsOf } from './list-read-units';
import { type Cell, markdownTable } from './markdown-table';

/**
 * The two plans of a search alone whose candidates are exactly its matches, in a sorted order (search-read.ts,
 * decision 0278): reading the sort's index in order keeping the candidates until the page is found, or fetching
 * every candidate's sort key by id and then the page. The list takes the first when `readsInOrder` expects it to
 * fit the search's 2 % share and to cost less; this puts both side by side on the same data, each called n
 * times in this process (no gateway): items read, DynamoDB read units, p50 and p95.
 */
interface PlanRun {
  itemsRead: number;
  total: number;
}

export async function compareSearchPlans(
  tenantId: number,
  search: string,
  itemsPerPage: number,
  n: number,
): Promise<string[]> {
  const ctx = systemTenantContext(String(tenantId));
  const query = `itemsPerPage=${itemsPerPage}&search=${encodeURIComponent(search)}`;
  const { request } = assetListRequestOf(query, { kind: 'staff' });
  const wanted = request.itemsPerPage;
  const matches = (asset: Parameters<typeof matchesFilters>[0]) => matchesFilters(asset, request.filters);
  const listsPlan = async (): Promise<PlanRun> => {
    const result = await listAssets(ctx, request);
    return { itemsRead: result.itemsRead, total: result.total };
  };
  const fetchPlan = async (): Promise<PlanRun> => {
    const itemCount = await assetRepository.count(ctx);
    const plan = assetSearchPlan(search, request.order, matches, itemCount, wanted, { start: 0, searchOnly: true });
    const found = await findCandidates(ctx, 'ASSET', plan.spellings, itemCount);
    const page = await pageOf(ctx, plan, found.ids ?? [], found.itemsRead + 1);
    if (page?.kind !== 'page') throw new Error(`"${search}" has no exact candidates to fetch`);
    return { itemsRead: page.itemsRead, total: page.total };
  };
  const itemCount = await assetRepository.count(ctx);
  const found = await findCandidates(ctx, 'ASSET', [{ text: search }], itemCount);
  const inOrder = found.exact && readsInOrder(found.ids?.length ?? 0, { itemCount, wanted }, found.itemsRead + 1);
  const rows: Cell[][] = [];
  for (const [label, run] of [
    [`the list's own (${inOrder ? 'in order' : 'fetch'})`, listsPlan],
    ["fetch every candidate's sort key, then the page", fetchPlan],
  ] as const) {
    const units = await readUnitsOf(run);
    const times: number[] = [];
    let last: PlanRun | undefined;
    for (let i = 0; i < n + 2; i++) {
      const started = performance.now();
      last = await run();
      if (i >= 2) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const share = ((100 * (last?.itemsRead ?? 0)) / itemCount).toFixed(2);
    rows.push([
      label,
      n,
      percentile(times, 50).toFixed(1),
      percentile(times, 95).toFixed(1),
      `${last?.itemsRead} (${share} %)`,
      formatUnits(units),
      `${last?.total}`,
    ]);
  }
  return [
    `Plans of search "${search}" (default order, page 1), in this process without the gateway, n = ${n}:`,
    '',
    ...markdownTable(
      [
        { heading: 'plan' },
        { heading: 'n', align: 'right' },
        { heading: 'p50 ms', align: 'right' },
        { heading: 'p95 ms', align: 'right' },
        { heading: 'items read', align: 'right' },
        { heading: 'read units', align: 'right' },
        { heading: 'total', align: 'right' },
      ],
      rows,
    ),
    '',
  ];
}
