import { EVENT_TYPES, type EventType } from '../../../../shared/schemas/event';
import type { DecodedPayload, DecodeResult } from '../contracts';
import { bytesToHex, hexToBytes, normalizeHex } from './hex';

/**
 * Our tracker uplink, format `tracker-v1` (docs/device-payloads.md has the byte tables and examples).
 *
 * Byte 0, the header: bits 0-2 event type (index into EVENT_TYPES), bit 3 sabotaged, bit 4 battery low,
 * bit 5 a GNSS fix follows, bit 6 a battery voltage byte follows, bit 7 reserved (0: a later layout sets it).
 * Then, in this order and only when flagged: 1 byte voltage = (200 + n) / 100 V (2.00-4.55 V); 10 bytes fix =
 * latitude int32 BE and longitude int32 BE in 1e-7 degrees, accuracy uint16 BE in metres (0xFFFF unknown).
 * 1 to 12 bytes: fits LoRaWAN's smallest frame (51 bytes at SF12) with room to spare.
 */
export const TRACKER_FORMAT = 'tracker-v1';

const EVENT_MASK = 0b0000_0111;
const SABOTAGED = 0b0000_1000;
const BATTERY_LOW = 0b0001_0000;
const HAS_FIX = 0b0010_0000;
const HAS_VOLTAGE = 0b0100_0000;
const RESERVED = 0b1000_0000;
const FIX_BYTES = 10;
const UNKNOWN_ACCURACY = 0xffff;
const DEGREE_UNITS = 1e7;

export interface TrackerPayload {
  eventType: EventType;
  sabotaged?: boolean;
  batteryLow?: boolean;
  /** Volts, 2.00 to 4.55 in steps of 0.01. */
  batteryVoltage?: number;
  fix?: { latitude: number; longitude: number; accuracy?: number };
}

const fail = (reason: string): DecodeResult => ({ ok: false, reason });

function readFix(view: DataView, offset: number): NonNullable<DecodedPayload['fix']> {
  const accuracy = view.getUint16(offset + 8);
  return {
    latitude: view.getInt32(offset) / DEGREE_UNITS,
    longitude: view.getInt32(offset + 4) / DEGREE_UNITS,
    ...(accuracy === UNKNOWN_ACCURACY ? {} : { accuracy }),
    source: 'gnss',
  };
}

export function decodeTrackerPayload(payloadHex: string): DecodeResult {
  const hex = normalizeHex(payloadHex);
  if (hex === null) return fail('Payload is not hexadecimal bytes');
  if (hex.length === 0) return fail('Empty payload');
  const bytes = hexToBytes(hex);
  const header = bytes[0] ?? 0;
  if (header & RESERVED) return fail('Unknown tracker payload version (header bit 7 set)');
  const eventType = EVENT_TYPES[header & EVENT_MASK];
  if (!eventType) return fail(`Unknown event type ${header & EVENT_MASK}`);
  const expected = 1 + (header & HAS_VOLTAGE ? 1 : 0) + (header & HAS_FIX ? FIX_BYTES : 0);
  if (bytes.length !== expected)
    return fail(
      `Expected ${expected} byte${expected === 1 ? '' : 's'} for header ${hex.slice(0, 2)}, got ${bytes.length}`,
    );
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const value: DecodedPayload = {
    eventType,
    sabotaged: Boolean(header & SABOTAGED),
    batteryLow: Boolean(header & BATTERY_LOW),
  };
  let offset = 1;
  if (header & HAS_VOLTAGE) {
    value.batteryVoltage = (200 + view.getUint8(offset)) / 100;
    offset += 1;
  }
  if (header & HAS_FIX) value.fix = readFix(view, offset);
  return { ok: true, value };
}

const toUnits = (degrees: number, limit: number): number => {
  if (!Number.isFinite(degrees) || Math.abs(degrees) > limit)
    throw new RangeError(`Coordinate out of range: ${degrees}`);
  return Math.round(degrees * DEGREE_UNITS);
};

/** The simulator's and the tests' way to build uplinks; throws on values the layout cannot hold. */
export function encodeTrackerPayload(payload: TrackerPayload): string {
  const eventIndex = EVENT_TYPES.indexOf(payload.eventType);
  if (eventIndex < 0) throw new RangeError(`Unknown event type ${payload.eventType}`);
  const hasVoltage = payload.batteryVoltage !== undefined;
  const bytes = new Uint8Array(1 + (hasVoltage ? 1 : 0) + (payload.fix ? FIX_BYTES : 0));
  const view = new DataView(bytes.buffer);
  view.setUint8(
    0,
    eventIndex |
      (payload.sabotaged ? SABOTAGED : 0) |
      (payload.batteryLow ? BATTERY_LOW : 0) |
      (payload.fix ? HAS_FIX : 0) |
      (hasVoltage ? HAS_VOLTAGE : 0),
  );
  let offset = 1;
  if (payload.batteryVoltage !== undefined) {
    const steps = Math.round(payload.batteryVoltage * 100) - 200;
    view.setUint8(offset, Math.min(255, Math.max(0, steps)));
    offset += 1;
  }
  if (payload.fix) {
    view.setInt32(offset, toUnits(payload.fix.latitude, 90));
    view.setInt32(offset + 4, toUnits(payload.fix.longitude, 180));
    const accuracy = payload.fix.accuracy;
    const stored = accuracy === undefined ? UNKNOWN_ACCURACY : Math.min(UNKNOWN_ACCURACY - 1, Math.round(accuracy));
    view.setUint16(offset + 8, Math.max(0, stored));
  }
  return bytesToHex(bytes);
}
