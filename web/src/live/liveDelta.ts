import type { QueryClient } from '@tanstack/react-query';
import type { AssetMapDelta } from '../../../shared/schemas/live';
import { ApiError } from '../api/ApiError';
import { apiRequestWithHeaders } from '../api/apiClient';
import { applyMarkers, MAP_QUERY_KEY, refreshOpenScreens } from './applyChanges';

/**
 * The newest cursor the console has applied: from the full map answer, every pushed message and every delta.
 * Cleared when the view changes (another user or tenant): a cursor only means something in its own view.
 */
let cursor: string | null = null;
let etag: string | null = null;
/** Moves with every change of view: an answer asked for in the previous view is dropped. */
let view = 0;

export const currentCursor = () => cursor;

export function rememberCursor(next: string | null) {
  if (next && next !== cursor) {
    cursor = next;
    etag = null;
  }
}

export function forgetCursor() {
  cursor = null;
  etag = null;
  view += 1;
}

/**
 * Catches up after a gap: applies the changed markers and removed ids, reloads the map on `reset`, and
 * refreshes the open screens when anything changed (or always, after a reconnect: alarms and exports are no
 * part of the delta). `conditional` sends If-None-Match (the 30 s poll): a 304 means nothing changed.
 * Without a cursor (no map loaded yet) there is nothing to ask: the open screens refetch.
 */
export async function catchUp(client: QueryClient, { conditional = false, afterGap = false } = {}) {
  const since = cursor;
  const askedIn = view;
  if (!since) {
    if (afterGap || conditional) refreshOpenScreens(client);
    return;
  }
  let delta: AssetMapDelta;
  try {
    const headers: Record<string, string> = conditional && etag ? { 'If-None-Match': etag } : {};
    const answer = await apiRequestWithHeaders<AssetMapDelta>('/api/assets/map', { query: { since }, headers });
    if (view !== askedIn) return;
    delta = answer.body;
    etag = answer.headers.get('ETag');
  } catch (error) {
    if (error instanceof ApiError && error.status === 304) {
      if (afterGap) refreshOpenScreens(client);
      return;
    }
    throw error;
  }
  // A pushed message may have moved the cursor meanwhile: re-reading a change once more is harmless, and the
  // delta's markers are read after the request left, so they are never older than what was pushed before it.
  cursor = delta.cursor || since;
  if (delta.reset) {
    void client.invalidateQueries({ queryKey: MAP_QUERY_KEY });
  } else {
    applyMarkers(client, delta.markers, delta.removed);
  }
  if (afterGap || delta.reset || delta.markers.length > 0 || delta.removed.length > 0) refreshOpenScreens(client);
}
