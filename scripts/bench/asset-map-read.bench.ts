import { MAP_READ_SEGMENTS, readMapMarkers } from '../../functions/lib/assets/asset-map';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { markdownTable } from './markdown-table';
import type { BenchTenant } from './seed-assets';

/**
 * Reading the whole map index of a tenant (gsi7) in this process, straight against the stack's DynamoDB:
 * one Query chain (1 MB a round trip, one after the other) against MAP_READ_SEGMENTS customer ranges read at
 * once (functions/lib/assets/asset-map.ts), so the split is measured, not assumed. Median of `reps` reads.
 */
export interface ReadFigures {
  tenant: BenchTenant;
  segments: number;
  medianMs: number;
  markers: number;
  itemsRead: number;
}

export async function benchMapRead(tenant: BenchTenant, reps = 3): Promise<ReadFigures[]> {
  const ctx = systemTenantContext(tenant.tenantId);
  const figures: ReadFigures[] = [];
  for (const segments of [1, MAP_READ_SEGMENTS]) {
    const times: number[] = [];
    let last = { markers: 0, itemsRead: 0 };
    for (let i = 0; i < reps + 1; i++) {
      const started = performance.now();
      const read = await readMapMarkers(ctx, { segments });
      if (i > 0) times.push(performance.now() - started);
      last = { markers: read.markers.length, itemsRead: read.itemsRead };
    }
    times.sort((a, b) => a - b);
    figures.push({ tenant, segments, medianMs: times[Math.floor(times.length / 2)] ?? 0, ...last });
  }
  return figures;
}

export const readTable = (rows: ReadFigures[]) =>
  markdownTable(
    [
      { heading: 'Tenant' },
      { heading: 'Queries at once', align: 'right' },
      { heading: 'Markers', align: 'right' },
      { heading: 'Items read', align: 'right' },
      { heading: 'Read (median)', align: 'right' },
    ],
    rows.map((r) => [
      r.tenant.subdomain,
      r.segments === 1 ? '1 (one chain)' : `${r.segments} (customer ranges)`,
      r.markers.toLocaleString('en'),
      r.itemsRead.toLocaleString('en'),
      `${Math.round(r.medianMs).toLocaleString('en')} ms`,
    ]),
  );
