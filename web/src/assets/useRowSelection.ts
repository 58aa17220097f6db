import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../common/notifications/notificationStore';
import type { RowSelection } from './AssetTable';

/**
 * Checked rows of the current page. Selecting all gives the notice of spec 000 s.2; a new page, sort or
 * filter starts with nothing selected.
 */
export function useRowSelection(pageIds: readonly number[], resetKey: string) {
  const { t } = useTranslation('assets');
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey names the page being shown
  useEffect(() => setSelected(new Set()), [resetKey]);

  const toggle = useCallback(
    (id: number) =>
      setSelected((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );

  const allSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const toggleAll = useCallback(() => {
    const n = pageIds.length;
    if (allSelected) {
      setSelected(new Set());
      notify(t('notices.unselectedAll', { n }));
    } else {
      setSelected(new Set(pageIds));
      notify(t('notices.selectedAll', { n }));
    }
  }, [allSelected, pageIds, t]);

  const clear = useCallback(() => setSelected(new Set()), []);
  const selection: RowSelection = useMemo(() => ({ selected, toggle, toggleAll }), [selected, toggle, toggleAll]);
  return { selection, clear };
}
