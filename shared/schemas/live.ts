import { z } from 'zod';
import { mapMarkerSchema } from './asset-map';

/**
 * Live push: the AppSync Events namespace, its channels and the one event shape every publisher
 * sends (docs/decisions/0258-live-push-with-appsync-events-channels-lambda-authorizer-iam-publish.md). Channel names follow AppSync's rules: at most 5
 * segments (namespace included), each 1–50 characters of letters, digits and '-'.
 *
 *   /live/t<tenantId>/staff        every change of the tenant, staff view
 *   /live/t<tenantId>/c<clientId>  the client view of one customer's assets
 *   /live/t<tenantId>/u<userId>    what concerns one user only (their export jobs)
 *
 * Those are the views' logical names (the change log, the delta and the coalescer key by them). On the wire
 * every channel carries a lease segment, `/live/t1/staff/l<lease>`: messages go to the current lease's channel,
 * so a subscription hears its view only until its lease ends, and hearing on means subscribing again, which the
 * authorizer decides with the user's record as it is then (docs/decisions/0309-live-subscriptions-end-with-a-five-minute-lease.md).
 */
export const LIVE_NAMESPACE = 'live';

export const staffChannel = (tenantId: number | string) => `/${LIVE_NAMESPACE}/t${tenantId}/staff`;
export const clientChannel = (tenantId: number | string, clientId: number) =>
  `/${LIVE_NAMESPACE}/t${tenantId}/c${clientId}`;
export const userChannel = (tenantId: number | string, userId: number) => `/${LIVE_NAMESPACE}/t${tenantId}/u${userId}`;

/**
 * A lease is a 5-minute stretch of time, numbered from the epoch: the longest a subscription hears its view
 * without being authorized again (AppSync Events re-authorizes nothing that is open; see the decision above).
 */
export const LIVE_LEASE_MS = 5 * 60_000;
/** How early the next lease may be subscribed to: a console whose clock runs ahead by up to this still hears on. */
export const LIVE_LEASE_EARLY_MS = 60_000;
export const leaseOf = (now: number) => Math.floor(now / LIVE_LEASE_MS);
/** Milliseconds until the lease of `now` ends. */
export const msUntilNextLease = (now: number) => (leaseOf(now) + 1) * LIVE_LEASE_MS - now;
/** May a subscription name this lease now: the current one, or the next one in the current one's last minute. */
export const leaseOpen = (lease: number, now: number) =>
  lease === leaseOf(now) || (lease === leaseOf(now) + 1 && msUntilNextLease(now) <= LIVE_LEASE_EARLY_MS);
/** The wire name of a view's channel in a lease: what is published to and subscribed to. */
export const leasedChannel = (channel: string, lease: number) => `${channel}/l${lease}`;

/** AppSync's channel path rule (a trailing '*' segment is a wildcard subscription; publish takes none). */
const SEGMENT = /^[A-Za-z0-9-]{1,50}$/;
export function isAppSyncChannel(path: string, allowWildcard = false): boolean {
  if (typeof path !== 'string' || !path.startsWith('/')) return false;
  const segments = path.slice(1).split('/');
  if (segments.length < 1 || segments.length > 5) return false;
  return segments.every(
    (s, i) => SEGMENT.test(s) || (allowWildcard && s === '*' && i === segments.length - 1 && i > 0),
  );
}

export type LiveChannel = (
  | { kind: 'staff'; tenantId: string }
  | { kind: 'client'; tenantId: string; clientId: number }
  | { kind: 'user'; tenantId: string; userId: number }
) & {
  /** The lease of a wire name; undefined for a view's logical name. */
  lease?: number;
};

/** One of our three channel shapes, logical or with its lease, or undefined (wildcards, other namespaces, ...). */
export function parseLiveChannel(path: string): LiveChannel | undefined {
  const match = /^\/live\/t([1-9]\d{0,9})\/(staff|c([1-9]\d{0,9})|u([1-9]\d{0,9}))(?:\/l([1-9]\d{0,12}))?$/.exec(path);
  if (!match) return undefined;
  const tenantId = match[1] as string;
  const lease = match[5] === undefined ? {} : { lease: Number(match[5]) };
  if (match[2] === 'staff') return { kind: 'staff', tenantId, ...lease };
  if (match[3]) return { kind: 'client', tenantId, clientId: Number(match[3]), ...lease };
  return { kind: 'user', tenantId, userId: Number(match[4]), ...lease };
}

/** A change, small on purpose (a marker update ≤ 100 bytes for ordinary names). */
export const liveChangeSchema = z.discriminatedUnion('t', [
  // An asset changed (position, status, flags, details): its marker for the channel's view, null without position.
  z.object({ t: z.literal('asset'), id: z.number().int().positive(), m: mapMarkerSchema.nullable() }),
  // Deleted, or left the channel's scope (customer changed).
  z.object({ t: z.literal('removed'), id: z.number().int().positive() }),
  z.object({ t: z.literal('device'), id: z.number().int().positive(), asset: z.number().int().positive().nullable() }),
  z.object({ t: z.literal('alarm'), id: z.string(), asset: z.number().int().positive().nullable(), ack: z.boolean() }),
  z.object({ t: z.literal('export'), id: z.string(), state: z.enum(['done', 'failed']) }),
]);
export type LiveChange = z.infer<typeof liveChangeSchema>;

/** One published event (one AppSync event, a JSON string of this). */
export const liveEventSchema = z.object({
  v: z.literal(1),
  cursor: z.string(),
  changes: z.array(liveChangeSchema),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;

/**
 * GET /api/assets/map?since=<cursor>: what changed on the caller's map after the cursor (functions/lib/live/map-delta.ts).
 * `reset`: the cursor is too old or too much changed; the lists are empty and the console reloads the whole map.
 */
export const assetMapDeltaSchema = z.object({
  '@id': z.string(),
  markers: z.array(mapMarkerSchema),
  removed: z.array(z.number().int().positive()),
  cursor: z.string(),
  reset: z.boolean(),
});
export type AssetMapDelta = z.infer<typeof assetMapDeltaSchema>;

/** A cursor as published events and the map answers carry it. */
export const LIVE_CURSOR_PATTERN = /^\d{13}-[0-9a-f]{8}$/;

/** AppSync Events limits the stand-in enforces as AWS does. */
export const APPSYNC_EVENT_MAX_BYTES = 240 * 1024;
export const APPSYNC_PUBLISH_MAX_EVENTS = 5;
export const APPSYNC_MAX_SUBSCRIPTIONS_PER_CONNECTION = 200;
