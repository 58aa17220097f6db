import type { MapMarker } from '../../../shared/schemas/asset-map';
import { type LiveChange, liveChangeSchema } from '../../../shared/schemas/live';

export type { LiveChange };

/**
 * One published event of the push service (shared/schemas/live.ts: `{v, cursor, changes}`), read defensively:
 * a change the console does not know (a newer publisher) is skipped, never thrown, so one odd change does not
 * cost the others in the same message.
 */
export interface LiveEvent {
  cursor: string | null;
  changes: LiveChange[];
}

/** The event amplify hands over (already JSON-parsed), or null when it is not one of ours. */
export function readLiveEvent(value: unknown): LiveEvent | null {
  if (typeof value !== 'object' || value === null) return null;
  const { v, cursor, changes } = value as Record<string, unknown>;
  if (v !== 1 || !Array.isArray(changes)) return null;
  const read = changes.flatMap((change) => {
    const parsed = liveChangeSchema.safeParse(change);
    return parsed.success ? [parsed.data] : [];
  });
  return { cursor: typeof cursor === 'string' && cursor !== '' ? cursor : null, changes: read };
}

/** The markers and removed ids of a message, the shape the delta answer has too. */
export function markerChangesOf(changes: readonly LiveChange[]): { markers: MapMarker[]; removed: number[] } {
  const markers: MapMarker[] = [];
  const removed: number[] = [];
  for (const change of changes) {
    if (change.t === 'asset' && change.m) markers.push(change.m);
    // An asset without a position has no marker: off the map, like a removed one.
    else if (change.t === 'asset' || change.t === 'removed') removed.push(change.id);
  }
  return { markers, removed };
}
