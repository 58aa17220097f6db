import type { FieldPaths, MappedFields } from '../../../../shared/schemas/device-profile';
import { EVENT_TYPES, type EventType } from '../../../../shared/schemas/event';

/**
 * A codec's decoded `data` -> the fields the product uses (docs/device-payloads.md "Field mapping").
 * Vendors' codecs name things their own way; the common names below are found out of the box, at the top level
 * or in nested objects (gps.lat, location.latitude, the first entry of an array), and a profile's explicit
 * `field_paths` win over them. Nothing here runs codec code: it only reads the JSON the sandbox answered.
 */
const NAMES = {
  latitude: ['latitude', 'lat', 'latitudeDeg', 'Lat', 'Latitude', 'gpsLatitude', 'latitude_deg', 'LATITUDE'],
  longitude: [
    'longitude',
    'lng',
    'lon',
    'long',
    'longitudeDeg',
    'Long',
    'Lon',
    'Longitude',
    'gpsLongitude',
    'longitude_deg',
    'LONGITUDE',
  ],
  accuracy: ['accuracy', 'acc', 'hacc', 'hAcc', 'horizontalAccuracy', 'accuracy_m', 'positionAccuracy', 'Accuracy'],
  battery_voltage: [
    'batV',
    'BatV',
    'batteryVoltage',
    'battery_voltage',
    'batteryV',
    'vbat',
    'VBat',
    'battery',
    'Battery',
    'bat',
  ],
  battery_percent: [
    'batteryPercent',
    'batteryLevel',
    'battery_level',
    'batteryPercentage',
    'battery_percent',
    'BatteryPercent',
    'batPercent',
  ],
  tamper: ['tamper', 'sabotage', 'sabotaged', 'tampered', 'tamperAlarm', 'Tamper'],
  event_type: ['eventType', 'event_type', 'event', 'motion', 'moving', 'inTrip', 'motionState', 'movement'],
} as const satisfies Record<keyof FieldPaths, readonly string[]>;

/** Objects searched for a name: the data, then nested objects breadth-first (arrays: their first entry). */
function objectsOf(data: Record<string, unknown>, maxDepth = 3): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  let level: unknown[] = [data];
  for (let depth = 0; depth <= maxDepth && level.length; depth++) {
    const next: unknown[] = [];
    for (const value of level) {
      const object = Array.isArray(value) ? value[0] : value;
      if (!object || typeof object !== 'object' || Array.isArray(object)) continue;
      found.push(object as Record<string, unknown>);
      next.push(...Object.values(object).filter((child) => child && typeof child === 'object'));
    }
    level = next.slice(0, 50);
  }
  return found;
}

/** A dotted path (field_paths) into the data; numbers index arrays. Own properties only. */
export function valueAt(data: unknown, path: string): unknown {
  let value: unknown = data;
  for (const part of path.split('.')) {
    if (!value || typeof value !== 'object' || !Object.hasOwn(value, part)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

const firstOf = (object: Record<string, unknown>, names: readonly string[]) => {
  for (const name of names) if (Object.hasOwn(object, name) && object[name] != null) return object[name];
  return undefined;
};

const number = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};

const flag = (value: unknown): boolean | undefined => {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') {
    const word = value.trim().toLowerCase();
    if (['true', 'yes', 'on', '1', 'tamper', 'tampered', 'open', 'alarm'].includes(word)) return true;
    if (['false', 'no', 'off', '0', 'closed', 'none', 'normal'].includes(word)) return false;
  }
  return undefined;
};

/** Volts; a value over 100 is millivolts (no tag battery has 100 V, many report 3600 mV). */
export function volts(value: unknown): number | undefined {
  const n = number(value);
  if (n === undefined || n < 0) return undefined;
  if (n > 100) return n <= 100_000 ? n / 1000 : undefined;
  return n;
}

const percent = (value: unknown) => {
  const n = number(value);
  return n !== undefined && n >= 0 && n <= 100 ? n : undefined;
};

/** An event type of the product from a motion flag or a vendor word. */
function eventTypeOf(value: unknown): EventType | undefined {
  if (typeof value === 'string' && (EVENT_TYPES as readonly string[]).includes(value)) return value as EventType;
  if (typeof value === 'boolean' || typeof value === 'number') return flag(value) ? 'moving' : 'still';
  if (typeof value !== 'string') return undefined;
  const word = value.toLowerCase();
  if (/start|begin|motion_?start/.test(word)) return 'start';
  if (/stop|end|motion_?end/.test(word)) return 'stopped';
  if (/still|static|rest|idle|no_?motion|parked/.test(word)) return 'still';
  if (/mov|motion|trip|walk|drive/.test(word)) return 'moving';
  if (/heart|periodic|interval|keep_?alive|status/.test(word)) return 'intervalBased';
  return undefined;
}

/** The position: an explicit pair of paths, or the first object holding both a latitude and a longitude name. */
function positionOf(data: Record<string, unknown>, paths: FieldPaths) {
  const objects = objectsOf(data);
  if (paths.latitude || paths.longitude) {
    const lat = number(paths.latitude ? valueAt(data, paths.latitude) : undefined);
    const lon = number(paths.longitude ? valueAt(data, paths.longitude) : undefined);
    return { lat, lon, holder: undefined };
  }
  for (const object of objects) {
    const lat = number(firstOf(object, NAMES.latitude));
    const lon = number(firstOf(object, NAMES.longitude));
    if (lat !== undefined && lon !== undefined) return { lat, lon, holder: object };
  }
  return { lat: undefined, lon: undefined, holder: undefined };
}

/** The explicit path's value, or the first common name found (`holder` first: the position's own object). */
function lookup(
  data: Record<string, unknown>,
  key: keyof FieldPaths,
  paths: FieldPaths,
  holder?: Record<string, unknown>,
) {
  const path = paths[key];
  if (path) return valueAt(data, path);
  for (const object of holder ? [holder, ...objectsOf(data)] : objectsOf(data)) {
    const value = firstOf(object, NAMES[key]);
    if (value !== undefined) return value;
  }
  return undefined;
}

export type Mapped = Omit<MappedFields, 'battery_low'>;

/** Maps what a codec decoded; a position outside the globe is no position. */
export function mapDecodedData(data: Record<string, unknown>, paths: FieldPaths = {}): Mapped {
  const { lat, lon, holder } = positionOf(data, paths);
  const valid = lat !== undefined && lon !== undefined && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
  const accuracy = number(lookup(data, 'accuracy', paths, holder));
  const eventValue = lookup(data, 'event_type', paths);
  return {
    latitude: valid ? (lat as number) : null,
    longitude: valid ? (lon as number) : null,
    accuracy: valid && accuracy !== undefined && accuracy >= 0 ? accuracy : null,
    battery_voltage: volts(lookup(data, 'battery_voltage', paths)) ?? null,
    battery_percent: percent(lookup(data, 'battery_percent', paths)) ?? null,
    sabotaged: flag(lookup(data, 'tamper', paths)) ?? null,
    event_type: eventTypeOf(eventValue) ?? null,
  };
}
