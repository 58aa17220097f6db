import type { Fix } from '../contracts';
import { type FixTrack, keptOf } from '../position-rule';
import { pipelineEventId } from './event-id';
import type { LoadedDevice } from './load';

/**
 * The device's fix track a new fix is judged against (position-rule.ts): its `last_fix` and `suspect_fix`, kept in
 * the device's own update. A device written before they were kept has its last accepted position in `last_event`;
 * it is taken as confirmed (nearly every fix of a reporting tag is), and its event id is the one the pipeline
 * derives from the DEVEUI and that time (a seeded event's is not: marking it then finds nothing).
 */
export function fixTrackOf(loaded: LoadedDevice): FixTrack {
  const { last_fix: last, suspect_fix: suspect } = loaded.device;
  if (last) return { last, ...(suspect ? { suspect } : {}) };
  const previous = previousFixOf(loaded);
  const derived = previous && {
    ...keptOf(previous.fix, previous.at),
    event_id: pipelineEventId({ devEui: loaded.device.dev_eui, measuredAt: previous.at }),
    confirmed: true,
  };
  return { ...(derived ? { last: derived } : {}), ...(suspect ? { suspect } : {}) };
}

/** The uplink is no newer than the device's last event: history only (uplink-effects.ts, `advancesState`). */
export const isLate = (loaded: LoadedDevice, measuredAt: string) => {
  const last = loaded.device.last_event?.date;
  return last !== undefined && Date.parse(measuredAt) <= Date.parse(last);
};

/**
 * The last accepted position of a device without `last_fix`. The last event's date moves with uplinks without
 * a (kept) fix while its position stays, so it can be later than the fix: when the asset shows the same
 * position, its `lastLocationUpdate` says when it was taken. Otherwise a heartbeat or a dropped position just
 * before a true fix far away would make that fix look like a jump.
 */
export function previousFixOf(loaded: LoadedDevice): { fix: Fix; at: string } | undefined {
  const last = loaded.device.last_event;
  if (last?.latitude == null || last.longitude == null) return undefined;
  const fix: Fix = { latitude: last.latitude, longitude: last.longitude, source: 'gnss' };
  if (last.radius != null) fix.accuracy = last.radius;
  const asset = loaded.asset;
  const located = asset?.lastLocationUpdate;
  const samePosition = asset?.last_event?.latitude === last.latitude && asset?.last_event?.longitude === last.longitude;
  const at = located && samePosition && Date.parse(located) < Date.parse(last.date) ? located : last.date;
  return { fix, at };
}
