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
  deviceId: number | null;
}

export interface CellsRead {
  fixes: CellFix[];
  itemsRead: number;
  /** False when the read stopped at its item budget before every cell's range was read. */
  complete: boolean;
}

/** Queries in flight at once: enough to overlap round trips, few enough to leave the table's other readers room. */
export const CELL_READ_CONCURRENCY = 16;

const PROJECTION = ['id', 'date', 'latitude', 'longitude', 'radius', 'source', 'asset', 'device'];

/** A cell's window cut into slices read side by side: a depot's cell over weeks is otherwise one long chain. */
export interface CellRange {
  cell: string;
  fromKey: string;
  /** Inclusive: past every asset and event id of its last instant. */
  toKey: string;
}

const HOUR = 3_600_000;

/**
 * The Query ranges of a read: each cell's window whole while there are cells enough to keep CELL_READ_CONCURRENCY
 * Queries busy, else cut into up to 2 × CELL_READ_CONCURRENCY / cells slices of at least an hour, so that a few
 * busy cells are read as several chains at once (the sort key starts with the date, so a slice is a key range).
 */
export function cellRanges(cells: readonly string[], window: { fromKey: string; toKey: string }): CellRange[] {
  const from = Date.parse(window.fromKey);
  const span = Date.parse(window.toKey) - from;
  const slices = Math.max(1, Math.min(Math.ceil((2 * CELL_READ_CONCURRENCY) / cells.length), Math.floor(span / HOUR)));
  const bounds = Array.from({ length: slices + 1 }, (_, i) => from + Math.round((span * i) / slices));
  const ranges: CellRange[] = [];
  for (const cell of cells) {
    for (let i = 0; i < slices; i++) {
      const last = i === slices - 1;
      ranges.push({
        cell,
        fromKey: i === 0 ? window.fromKey : new Date(bounds[i] as number).toISOString(),
        toKey: `${last ? window.toKey : new Date((bounds[i + 1] as number) - 1).toISOString()}#~`,
      });
    }
  }
  return ranges;
}

/**
 * Reads every range (one Query chain each, CELL_READ_CONCURRENCY at once) until they end or `budget` items have
 * been read between them; the items come back projected to a fix's fields. `fromKey`/`toKey` are event date
 * keys, both inclusive.
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
  const readRange = async (range: CellRange) => {
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
        ':pk': areaCellPartition(ctx, level, range.cell),
        ':from': range.fromKey,
        ':to': range.toKey,
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
  const ranges = cellRanges(cells, window);
  let next = 0;
  const worker = async () => {
    while (next < ranges.length) {
      if (read.itemsRead >= budget) {
        read.complete = false;
        return;
      }
      await readRange(ranges[next++] as CellRange);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CELL_READ_CONCURRENCY, ranges.length) }, worker));
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
    deviceId: (item.device as { id: number } | null)?.id ?? null,
  };
}
