/** The selection column's width, so the pinned columns after it know where they start. */
const CHECKBOX_WIDTH = 48;

interface PinnableColumn {
  id: string;
  pinned?: boolean;
  width?: number | string;
}

/**
 * Where each pinned cell sticks: the selection box and the leading columns marked `pinned` stay on the left
 * while a wide table scrolls sideways, so a row keeps its name in view. Each pinned column but the last needs
 * a width in pixels (the next one starts after it). null is the selection column. No pinned column: no map.
 */
export function pinnedOffsets(columns: readonly PinnableColumn[], withSelection: boolean) {
  const offsets = new Map<string | null, number>();
  if (!columns[0]?.pinned) return offsets;
  let left = 0;
  if (withSelection) {
    offsets.set(null, 0);
    left = CHECKBOX_WIDTH;
  }
  for (const column of columns) {
    if (!column.pinned) break;
    offsets.set(column.id, left);
    left += typeof column.width === 'number' ? column.width : 0;
  }
  return offsets;
}

/** The sticky style of a cell of `column` (null: the selection box), or nothing when it is not pinned. */
export function pinnedSx(
  offsets: ReadonlyMap<string | null, number>,
  column: PinnableColumn | null,
  options: { header: boolean; last: boolean },
) {
  const left = offsets.get(column?.id ?? null);
  if (left === undefined) return {};
  const width = column === null ? CHECKBOX_WIDTH : typeof column.width === 'number' ? column.width : undefined;
  return {
    position: 'sticky',
    left,
    zIndex: options.header ? 3 : 1,
    bgcolor: 'background.paper',
    boxSizing: 'border-box',
    ...(width ? { width, minWidth: width, maxWidth: width } : {}),
    // A line where the scrolled columns pass under the pinned ones.
    ...(options.last ? { boxShadow: 'inset -1px 0 0 rgba(0, 0, 0, 0.12)' } : {}),
  } as const;
}

/** The id of the last pinned column, which draws the line. */
export function lastPinned(columns: readonly PinnableColumn[]): string | undefined {
  let last: string | undefined;
  for (const column of columns) {
    if (!column.pinned) break;
    last = column.id;
  }
  return last;
}
