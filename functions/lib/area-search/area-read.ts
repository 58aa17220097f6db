import { tableName } from '../data/client';
import { queryAllPages } from '../data/query-page';
import type { TenantContext } from '../data/tenant-context';
import { AREA_INDEXES, type AreaLevel, areaCellPartition } from './area-keys';

/** A located event as the area index hands it over: only what a fix of the answer shows. */
export interface CellFix {
  id: number;
  date: string;
  latitude: number;
  longitude: number;
  radius: number | null;
  source: 'gnss' | 'wifi' | 'network' | null;
  assetId: number;
}

export interface CellsRead {
  fixes: CellFix[];
  itemsRead: number;
  /** False when the read stopped at its item budget before every cell's range was read. */
  complete: boolean;
}

/** Queries in flight at once: enough to overlap round trips, few enough to leave the table's other readers room. */
export const CELL_READ_CONCURRENCY = 16;

const PROJECTION = ['id', 'date', 'latitude', 'longitude', 'radius', 'source', 'asset'];

/**
 * Reads the window's key range of every cell (one Query chain a cell, CELL_READ_CONCURRENCY at once) until the
 * ranges end or `budget` items have been read between them; the items come back projected to a fix's fields.
 * `fromKey`/`toKey` are event date keys, both inclusive.
 */
export async function readCells(
  ctx: TenantContext,
  level: AreaLevel,
  cells: readonly string[],
  window: { fromKey: string; toKey: string },
  budget: number,
): Promise<CellsRead> {
  const read: CellsRead = { fixes: [], itemsRead: 0, complete: true };
  const index = AREA_INDEXES[level];
  const readCell = async (cell: string) => {
    const pages = queryAllPages({
      TableName: tableName(),
      IndexName: index,
      KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
      ProjectionExpression: PROJECTION.map((_, i) => `#p${i}`).join(', '),
      ExpressionAttributeNames: {
        '#pk': `${index}pk`,
        '#sk': `${index}sk`,
        ...Object.fromEntries(PROJECTION.map((name, i) => [`#p${i}`, name])),
      },
      ExpressionAttributeValues: {
        ':pk': areaCellPartition(ctx, level, cell),
        ':from': window.fromKey,
        // Past every asset and event id of the last instant.
        ':to': `${window.toKey}#~`,
      },
    });
    for await (const page of pages) {
      read.itemsRead += page.ScannedCount ?? page.Items?.length ?? 0;
      for (const item of page.Items ?? []) read.fixes.push(fixOf(item));
      if (read.itemsRead >= budget && page.LastEvaluatedKey) {
        read.complete = false;
        break;
      }
    }
  };
  let next = 0;
  const worker = async () => {
    while (next < cells.length) {
      if (read.itemsRead >= budget) {
        read.complete = false;
        return;
      }
      await readCell(cells[next++] as string);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CELL_READ_CONCURRENCY, cells.length) }, worker));
  return read;
}

function fixOf(item: Record<string, unknown>): CellFix {
  return {
    id: Number(item.id),
    date: String(item.date),
    latitude: Number(item.latitude),
    longitude: Number(item.longitude),
    radius: typeof item.radius === 'number' ? item.radius : null,
    source: (item.source as CellFix['source']) ?? null,
    assetId: Number((item.asset as { id: number }).id),
  };
}
