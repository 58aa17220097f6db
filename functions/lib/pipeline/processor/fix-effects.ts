import type { DeviceRecord } from '../../devices/device-repository';
import type { PositionScreen } from '../position-rule';

/**
 * What the position screen (position-rule.ts) changes beside the uplink's own fix: the device's fix track, which
 * rides in the device's own update, and the mark on the event of a fix that was outvoted.
 */

/** The event of an outvoted fix, and its reason: processor/apply.ts marks it before the device's write. */
export interface OutlierMark {
  deviceId: number;
  date: string;
  eventId: number;
  latitude: number;
  longitude: number;
  reason: string;
}

/**
 * `last_fix` when the uplink's fix was accepted (with the uplink's event id), `suspect_fix` when it moved: set to
 * the newest dropped fix, or removed (undefined) once a fix is accepted.
 */
export function trackChanges(
  screen: PositionScreen | undefined,
  device: DeviceRecord,
  eventId: number,
): Partial<Pick<DeviceRecord, 'last_fix' | 'suspect_fix'>> {
  if (!screen) return {};
  const changes: Partial<Pick<DeviceRecord, 'last_fix' | 'suspect_fix'>> = {};
  const { last, suspect } = screen.track;
  if (screen.fix && last) changes.last_fix = { ...last, event_id: eventId };
  if (suspect !== device.suspect_fix && (suspect || device.suspect_fix)) changes.suspect_fix = suspect;
  return changes;
}

/** The outvoted fix's event, when its id is known. */
export function outlierMarkOf(screen: PositionScreen | undefined, deviceId: number): OutlierMark | undefined {
  const outlier = screen?.outlier;
  if (outlier?.last.event_id === undefined) return undefined;
  const { at, event_id, latitude, longitude } = outlier.last;
  return { deviceId, date: at, eventId: event_id, latitude, longitude, reason: outlier.reason };
}
