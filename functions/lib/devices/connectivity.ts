import type { Connectivity } from '../../../shared/schemas/connectivity';
import { ACCESS_PATTERNS } from '../../../shared/table';
import { pad, typePartition } from '../data/keys';
import type { TenantContext } from '../data/tenant-context';
import type { Heartbeat } from './heartbeat';

/**
 * A device's connectivity as stored on its item (docs/decisions/0254-silent-tags-four-connectivity-states-stored-on-the-device.md).
 * Absent `connectivity`: never heard. All times are ISO 8601 UTC instants and all arithmetic is on epoch
 * milliseconds, so a clock change (Europe/Amsterdam's 23- and 25-hour days) moves nothing.
 *
 *   connectivity          online | late | silent
 *   connectivity_since    when it entered that state (the uplink, or the due time it crossed)
 *   heard_at              the last uplink that advanced the device (our way in's receipt time)
 *   late_at, silent_at    when it turns late / silent without another uplink
 *   gsi14pk, gsi14sk      the due index (sparse, keys only): `T#<t>#DEVICE#DUE` / `<due time>#<padded id>`;
 *                         only online (due by late_at) and late (due by silent_at) devices are in it; the key
 *                         may be earlier than the due time (dueEntryStays), never later
 */
export interface ConnectivityAttributes {
  connectivity?: Exclude<Connectivity, 'never'>;
  connectivity_since?: string;
  heard_at?: string;
  late_at?: string;
  silent_at?: string;
}

/**
 * Late after 1.5 intervals without an uplink: ChirpStack's own margin for "inactive" (a tag reporting every
 * 12 h that is a few seconds or a retransmission late is not late), so its users see the same thing here.
 */
export const LATE_AFTER_INTERVALS = 1.5;

/**
 * The due index: gsi14, keys only (an uplink that leaves the key where it is writes nothing
 * into the index; the job reads the due devices by key). Devices keyed before that, in the asset map's index,
 * are moved here by a migration step (due-entry-move.ts;
 * docs/decisions/0276-the-due-entry-stays-still-in-gsi14-until-half-its-window-is-used.md).
 */
export const DUE_INDEX = ACCESS_PATTERNS.devicesByDueTime;
export const duePartition = (ctx: TenantContext) => `${typePartition(ctx, 'DEVICE')}#DUE`;
export const dueSortKey = (dueAt: string, deviceId: number) => `${dueAt}#${pad(deviceId)}`;
export const dueIndexKeys = (ctx: TenantContext, deviceId: number, dueAt: string) => ({
  [`${DUE_INDEX}pk`]: duePartition(ctx),
  [`${DUE_INDEX}sk`]: dueSortKey(dueAt, deviceId),
});
/** Every due entry up to `now` sorts before this bound (`#` then digits < `#~`). */
export const dueBound = (now: Date) => `${now.toISOString()}#~`;

/** Where a stored device item's due entry is keyed (the keys are storage: `fromItem` drops them). */
export interface DueKey {
  sortKey: string;
}

export function dueKeyOf(item: Record<string, unknown>): DueKey | undefined {
  const partition = item[`${DUE_INDEX}pk`];
  const sortKey = item[`${DUE_INDEX}sk`];
  const keyed = typeof partition === 'string' && partition.endsWith('#DEVICE#DUE') && typeof sortKey === 'string';
  return keyed ? { sortKey } : undefined;
}

/** The time a due key stands for (`<ISO>#<padded id>`). */
const dueTimeOf = (sortKey: string) => Date.parse(sortKey.slice(0, sortKey.lastIndexOf('#')));

/**
 * Whether an uplink leaves the due entry where it is. The entry must never be later than the
 * device's real next due time (the job would see it late), but may be earlier: the job then finds the device
 * not yet due and keys it again. So an online device's entry stays while at least half of the new late
 * window is still ahead of it; a tag reporting more often than its interval (a moving tracker) moves its entry
 * once every half window instead of on every uplink, and one reporting at its interval still moves it each
 * time (each uplink uses up two thirds of its window of 1.5 intervals).
 */
export function dueEntryStays(
  previous: ConnectivityAttributes,
  key: DueKey | undefined,
  next: Pick<Required<ConnectivityAttributes>, 'heard_at' | 'late_at'>,
): boolean {
  if (previous.connectivity !== 'online' || !key) return false;
  const keyed = dueTimeOf(key.sortKey);
  const heard = Date.parse(next.heard_at);
  const late = Date.parse(next.late_at);
  return keyed <= late && keyed - heard >= (late - heard) / 2;
}

const plus = (at: string, ms: number) => new Date(Date.parse(at) + ms).toISOString();

/** The device right after an uplink heard at `heardAt`: online, due to turn late 1.5 intervals later. */
export function connectivityAfterUplink(
  heardAt: string,
  heartbeat: Heartbeat,
  previous: ConnectivityAttributes = {},
): Required<ConnectivityAttributes> {
  const heard = new Date(heardAt).toISOString();
  return {
    connectivity: 'online',
    // Staying online keeps the time it came online; coming back (late, silent, never) starts it now.
    connectivity_since:
      previous.connectivity === 'online' && previous.connectivity_since ? previous.connectivity_since : heard,
    heard_at: heard,
    late_at: plus(heard, Math.round(heartbeat.intervalMs * LATE_AFTER_INTERVALS)),
    silent_at: plus(heard, heartbeat.intervalMs * heartbeat.silentAfter),
  };
}

/** The state the stored times give at `now` (the job moves the item there; the item may lag by one run). */
export function connectivityAt(device: ConnectivityAttributes, now: Date): Connectivity {
  if (!device.connectivity || !device.heard_at) return 'never';
  const at = now.getTime();
  if (device.silent_at && at >= Date.parse(device.silent_at)) return 'silent';
  if (device.late_at && at >= Date.parse(device.late_at)) return 'late';
  return 'online';
}

/** When the stored state is next due to change: online -> late_at, late -> silent_at; silent and never: not. */
export function nextDueAt(device: ConnectivityAttributes): string | undefined {
  if (device.connectivity === 'online') return device.late_at;
  if (device.connectivity === 'late') return device.silent_at;
  return undefined;
}

/** The time the device crossed into `state` (its due time, not the job's run): the alarm's and the chip's time. */
export const crossedAt = (device: ConnectivityAttributes, state: 'late' | 'silent') =>
  (state === 'late' ? device.late_at : device.silent_at) as string;

/**
 * The attributes a device heard last at `heardAt` has at `now` once the job ran: what the demo seed writes, so
 * the demo shows every state without waiting for the job.
 */
export function connectivityAsOf(heardAt: string, heartbeat: Heartbeat, now: Date): ConnectivityAttributes {
  const online = connectivityAfterUplink(heardAt, heartbeat);
  const state = connectivityAt(online, now);
  if (state === 'online' || state === 'never') return online;
  return { ...online, connectivity: state, connectivity_since: crossedAt(online, state) };
}
