import { useCallback, useEffect, useMemo, useState } from 'react';
import type { RowId } from './listState';
import type { Selection } from './PagedTable';

/**
 * The checked rows of the page on screen (ListScreen's `selection`). A new page, search, filter or sort starts
 * with nothing checked: what is checked is always in view, so a bulk action never acts on rows one cannot see.
 */
export function useListSelection<Id extends RowId>(resetKey: string) {
  const [selected, setSelected] = useState<readonly Id[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey names the page being shown
  useEffect(() => setSelected([]), [resetKey]);
  const clear = useCallback(() => setSelected([]), []);
  const selection: Selection<Id> = useMemo(() => ({ selected, onChange: setSelected }), [selected]);
  return { selection, clear };
}
