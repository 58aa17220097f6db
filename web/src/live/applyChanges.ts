import type { InfiniteData, Query, QueryClient } from '@tanstack/react-query';
import type { MapMarker } from '../../../shared/schemas/asset-map';
import { notifyExportSettled } from './exportWaits';
import { type LiveChange, markerChangesOf } from './liveChanges';
import { keyedThrottle } from './throttle';

/** The asset map's query (web/src/asset-map/assetMapApi.ts): patched in place, never re-fetched for a change. */
export const MAP_QUERY_KEY = ['assets', 'map'] as const;

/** An open panel refetches at most this often; a list page every LIST_MS, so it does not jump as it is read. */
const PANEL_MS = 2000;
const LIST_MS = 3000;
const throttle = keyedThrottle(PANEL_MS);
const listThrottle = keyedThrottle(LIST_MS);

interface MarkerPage {
  markers: MapMarker[];
}

/**
 * The map's pages with updated markers replaced where they are, removed ones dropped and new ones added to
 * the last page: the map redraws from the query data, clusters recount, nothing is fetched.
 */
export function patchMapPages<P extends MarkerPage>(
  data: InfiniteData<P> | undefined,
  markers: readonly MapMarker[],
  removed: readonly number[],
): InfiniteData<P> | undefined {
  if (!data || data.pages.length === 0 || (markers.length === 0 && removed.length === 0)) return data;
  const updates = new Map(markers.map((marker) => [marker[0], marker]));
  const gone = new Set(removed);
  const pages = data.pages.map((page) => {
    if (!page.markers.some(([id]) => gone.has(id) || updates.has(id))) return page;
    const next: MapMarker[] = [];
    for (const marker of page.markers) {
      const update = updates.get(marker[0]);
      if (update) updates.delete(marker[0]);
      if (!gone.has(marker[0])) next.push(update ?? marker);
    }
    return { ...page, markers: next } as P;
  });
  if (updates.size > 0) {
    const last = pages.length - 1;
    const page = pages[last] as P;
    pages[last] = { ...page, markers: [...page.markers, ...updates.values()] } as P;
  }
  return { ...data, pages };
}

export function applyMarkers(client: QueryClient, markers: readonly MapMarker[], removed: readonly number[]) {
  client.setQueryData<InfiniteData<MarkerPage>>(MAP_QUERY_KEY, (data) => patchMapPages(data, markers, removed));
}

const isKey = (query: Query, ...prefix: unknown[]) => prefix.every((part, index) => query.queryKey[index] === part);

/** The open panel of an asset: its details, events (of its devices) and alarms, when they are in the cache. */
function refreshAsset(client: QueryClient, assetId: number, deviceIds: readonly number[] = []) {
  throttle(`asset:${assetId}`, () => {
    const asset = client.getQueryData<{ devices?: { id: number }[] }>(['assets', 'one', assetId]);
    const devices = new Set([...deviceIds, ...(asset?.devices ?? []).map((device) => device.id)]);
    void client.invalidateQueries({ queryKey: ['assets', 'one', assetId] });
    void client.invalidateQueries({ queryKey: ['asset-alarms', assetId] });
    void client.invalidateQueries({
      predicate: (query) =>
        isKey(query, 'events') && devices.has(Number((query.queryKey[1] as Record<string, unknown>)?.['device.id'])),
    });
  });
}

/** Asset list pages showing one of these ids refetch (rows keep their place, selection and scroll). */
function refreshListsShowing(client: QueryClient, ids: ReadonlySet<number>) {
  if (ids.size === 0) return;
  const shows = (query: Query) => {
    const members = (query.state.data as { 'hydra:member'?: { id: number }[] } | undefined)?.['hydra:member'];
    return members?.some((member) => ids.has(member.id)) ?? false;
  };
  for (const query of client.getQueryCache().findAll({ queryKey: ['assets', 'list'], type: 'active' })) {
    if (shows(query)) listThrottle(JSON.stringify(query.queryKey), () => void query.fetch().catch(() => undefined));
  }
}

/** Everything one published message changes in the console's cached data. */
export function applyChanges(client: QueryClient, changes: readonly LiveChange[]) {
  const { markers, removed } = markerChangesOf(changes);
  applyMarkers(client, markers, removed);
  const assets = new Set<number>();
  for (const change of changes) {
    if (change.t === 'asset' || change.t === 'removed') {
      assets.add(change.id);
      refreshAsset(client, change.id);
    } else if (change.t === 'device') {
      if (change.asset !== null) {
        assets.add(change.asset);
        refreshAsset(client, change.asset, [change.id]);
      }
      throttle('devices', () => void client.invalidateQueries({ queryKey: ['devices'] }));
    } else if (change.t === 'alarm') {
      throttle('alarm-inbox', () => void client.invalidateQueries({ queryKey: ['alarm-inbox'] }));
      if (change.asset !== null) refreshAsset(client, change.asset);
    } else if (change.t === 'export') {
      notifyExportSettled(change.id);
    }
  }
  refreshListsShowing(client, assets);
}

/**
 * After a gap (reconnect, a hidden tab back, a poll without a cursor): whatever the open screens show may be
 * old, so their active queries refetch. The map is left to the delta (or reloaded on a reset).
 */
export function refreshOpenScreens(client: QueryClient) {
  const open = (query: Query) => !isKey(query, ...MAP_QUERY_KEY) && query.getObserversCount() > 0;
  const prefixes = [['assets'], ['events'], ['asset-alarms'], ['alarm-inbox'], ['devices']];
  for (const queryKey of prefixes) {
    void client.invalidateQueries({ queryKey, predicate: open });
  }
}
