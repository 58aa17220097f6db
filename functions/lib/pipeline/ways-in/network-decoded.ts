import type { DecodedPayload, Fix } from '../contracts';

/**
 * What a network server's own payload formatter decoded (TTS `decoded_payload`, ChirpStack `object`), read by
 * the names codecs commonly use (integrations-2.md s.1: the Device Repository's codecs and TTS's own location
 * inference): latitude/lat/latitudeDeg/gps_lat, longitude/lng/lon/long/longitudeDeg/gps_lng, an accuracy
 * (accuracy/acc/hacc), and a battery voltage (battery/batV/BatV/batteryVoltage, in volts: a value above
 * 10 is a percentage or millivolts and is left out rather than guessed).
 */
const LATITUDE = ['latitude', 'lat', 'Latitude', 'latitudeDeg', 'gps_lat'];
const LONGITUDE = ['longitude', 'lng', 'lon', 'long', 'Longitude', 'longitudeDeg', 'gps_lng'];
const ACCURACY = ['accuracy', 'acc', 'hacc'];
const BATTERY = ['battery', 'batV', 'BatV', 'batteryVoltage', 'battery_voltage'];
const MAX_VOLTS = 10;

const numberOf = (fields: Record<string, unknown>, names: readonly string[]): number | undefined => {
  for (const name of names) {
    const value = fields[name];
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  }
  return undefined;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Decoded fields in our shape; undefined when the network did not decode (no object). */
export function fromNetworkDecoded(value: unknown): DecodedPayload | undefined {
  if (!isRecord(value)) return undefined;
  // Codecs often nest the position (`position: {latitude, longitude}`, lorawan-devices' normalized payload).
  const position = isRecord(value.position) ? value.position : value;
  const latitude = numberOf(position, LATITUDE);
  const longitude = numberOf(position, LONGITUDE);
  const accuracy = numberOf(position, ACCURACY);
  const volts = numberOf(value, BATTERY);
  const fix: Fix | undefined =
    latitude === undefined || longitude === undefined
      ? undefined
      : { latitude, longitude, ...(accuracy === undefined ? {} : { accuracy }), source: 'gnss' };
  return {
    ...(fix ? { fix } : {}),
    ...(volts !== undefined && volts > 0 && volts <= MAX_VOLTS ? { batteryVoltage: volts } : {}),
  };
}
