import type { Asset } from '@shared/schemas/asset';
import type { Event } from '@shared/schemas/event';
import { useMemo, useState } from 'react';
import { EVENT_PAGE_SIZE, useAssetEvents as useEventsQuery } from '../assetsApi';

export interface EventFilters {
  fromDate: string;
  toDate: string;
  type: string;
}

export interface AssetEventsState {
  hasDevice: boolean;
  events: readonly Event[];
  total: number;
  loading: boolean;
  failed: boolean;
  filters: EventFilters;
  setFilters: (filters: EventFilters) => void;
  page: number;
  setPage: (page: number) => void;
  selected: Event | null;
  select: (id: number) => void;
}

/**
 * The events of the asset's first device (spec 000 s.2), newest first by date then id. The Events and Map
 * tabs share this state, so the map shows the page the list shows and the event picked there.
 */
export function useAssetEvents(asset: Asset, enabled: boolean): AssetEventsState {
  const deviceId = asset.devices?.[0]?.id ?? null;
  const [filters, setFilterState] = useState<EventFilters>({ fromDate: '', toDate: '', type: '' });
  const [page, setPage] = useState(0);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const query = useMemo(
    () => ({
      'device.id': deviceId ?? undefined,
      'order[date]': 'desc',
      'order[id]': 'desc',
      page: page + 1,
      itemsPerPage: EVENT_PAGE_SIZE,
      fromDate: filters.fromDate || undefined,
      toDate: filters.toDate || undefined,
      type: filters.type || undefined,
    }),
    [deviceId, page, filters],
  );
  const result = useEventsQuery(query, enabled && deviceId !== null);
  const events = result.data?.['hydra:member'] ?? [];
  return {
    hasDevice: deviceId !== null,
    events,
    total: result.data?.['hydra:totalItems'] ?? 0,
    loading: deviceId !== null && result.isPending,
    failed: result.isError,
    filters,
    setFilters: (next) => {
      setFilterState(next);
      setPage(0);
    },
    page,
    setPage,
    selected: events.find((e) => e.id === selectedId) ?? null,
    select: setSelectedId,
  };
}
