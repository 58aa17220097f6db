import { createHash } from 'node:crypto';
import type { MapMarker } from '../../../shared/schemas/asset-map';
import { clientChannel, staffChannel } from '../../../shared/schemas/live';
import type { AssetViewer } from '../assets/asset-view';
import type { TenantContext } from '../data/tenant-context';
import { badRequest } from '../http/errors';
import {
  CHANGE_LOG_TTL_SECONDS,
  type ChangeLogEntry,
  cursorTime,
  isCursor,
  latestCursor,
  readChangeLog,
} from './change-log';

/**
 * GET /api/assets/map?since=<cursor> (live-contract): what changed on the caller's map after a cursor,
 * from the change log of their view's channel (staff, or their customer's). Bounded both ways: a cursor older
 * than the log keeps (or one the clock cannot have made yet) is no delta, and too many messages or markers since
 * answer `reset` (the console reloads the whole map, one read it makes anyway).
 */
export const DELTA_MAX_MESSAGES = 600;
export const DELTA_MAX_MARKERS = 5_000;
/** Younger than the log's TTL: older cursors reset (the log may have lost what follows them). */
export const DELTA_MAX_AGE_MS = (CHANGE_LOG_TTL_SECONDS - 3600) * 1000;
/**
 * Messages from this long before the cursor are read again: two processes take their cursors and write their
 * messages in either order, so a message with an earlier cursor can land after a later one was received. A marker
 * applied twice is the same marker.
 */
export const DELTA_OVERLAP_MS = 5_000;
const FUTURE_SKEW_MS = 60_000;

export interface MapDelta {
  '@id': string;
  markers: MapMarker[];
  removed: number[];
  cursor: string;
  reset: boolean;
}

const channelOf = (ctx: TenantContext, viewer: AssetViewer): string | undefined =>
  viewer.kind === 'staff'
    ? staffChannel(ctx.tenantId)
    : viewer.clientId === null
      ? undefined
      : clientChannel(ctx.tenantId, viewer.clientId);

const cursorAt = (ms: number) => `${String(Math.max(0, ms)).padStart(13, '0')}-00000000`;

export async function readMapDelta(
  ctx: TenantContext,
  viewer: AssetViewer,
  since: string,
  now = Date.now(),
): Promise<MapDelta> {
  if (!isCursor(since) || cursorTime(since) > now + FUTURE_SKEW_MS) throw badRequest('Invalid cursor');
  const self = `/api/assets/map?since=${since}`;
  const reset: MapDelta = { '@id': self, markers: [], removed: [], cursor: since, reset: true };
  if (now - cursorTime(since) > DELTA_MAX_AGE_MS) return reset;
  const channel = channelOf(ctx, viewer);
  // A client user without a customer sees no asset: nothing ever changes on their map.
  if (!channel) return { ...reset, reset: false };
  const entries = await readChangeLog(channel, cursorAt(cursorTime(since) - DELTA_OVERLAP_MS), DELTA_MAX_MESSAGES);
  if (!entries) return reset;
  const { markers, removed } = mergeMapChanges(entries);
  if (markers.length > DELTA_MAX_MARKERS) return reset;
  // Cursors order as strings (time first): the newest of the read messages, or the caller's own.
  const newest = [since, ...entries.map((entry) => entry.cursor)].sort().at(-1) as string;
  return { '@id': self, markers, removed, cursor: newest, reset: false };
}

/**
 * The map's side of the log's messages, oldest first: each asset's last word (a marker, or removed: deleted, out
 * of the view, or without a position, which is off the map too). Device, alarm and export changes are not map data.
 */
export function mergeMapChanges(entries: readonly ChangeLogEntry[]): { markers: MapMarker[]; removed: number[] } {
  const latest = new Map<number, MapMarker | null>();
  for (const entry of entries)
    for (const change of entry.changes) {
      if (change.t === 'asset') latest.set(change.id, change.m);
      else if (change.t === 'removed') latest.set(change.id, null);
    }
  const markers: MapMarker[] = [];
  const removed: number[] = [];
  for (const [id, marker] of latest) {
    if (marker) markers.push(marker);
    else removed.push(id);
  }
  return { markers, removed };
}

/**
 * The cursor the full map answer carries (map-compact's part of live push): the newest of the caller's view's
 * channel, read before the map is, so a change that lands while the map is read is in the next delta too.
 */
export async function currentMapCursor(ctx: TenantContext, viewer: AssetViewer): Promise<string> {
  const channel = channelOf(ctx, viewer);
  return channel ? latestCursor(channel) : cursorAt(Date.now());
}

/** A strong ETag of the answer: the same delta answers 304 to its If-None-Match (the 30 s polling fallback). */
export const deltaEtag = (delta: MapDelta) =>
  `"${createHash('sha256')
    .update(JSON.stringify([delta.markers, delta.removed, delta.cursor, delta.reset]))
    .digest('base64url')
    .slice(0, 27)}"`;
