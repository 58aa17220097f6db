import { z } from 'zod';
import { type MapMarker, mapMarkerSchema } from '../../../shared/schemas/asset-map';

/**
 * One published event of the push service (docs/live-contract: `{v, cursor, changes}`), read defensively: a
 * change the console does not know (a newer publisher) is skipped, never thrown, so one odd change does not
 * cost the others in the same message.
 */
const changeSchema = z.discriminatedUnion('t', [
  z.object({ t: z.literal('asset'), id: z.number().int().positive(), m: mapMarkerSchema.nullable() }),
  z.object({ t: z.literal('removed'), id: z.number().int().positive() }),
  z.object({ t: z.literal('device'), id: z.number().int().positive(), asset: z.number().int().positive().nullable() }),
  z.object({
    t: z.literal('alarm'),
    id: z.string(),
    asset: z.number().int().positive().nullable(),
    ack: z.boolean(),
  }),
  z.object({ t: z.literal('export'), id: z.string(), state: z.enum(['done', 'failed']) }),
]);
export type LiveChange = z.infer<typeof changeSchema>;

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
    const parsed = changeSchema.safeParse(change);
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
