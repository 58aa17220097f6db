/**
 * The demo tenant's codec profile: a made-up vendor layout, "Geotrax GT-2", written as a vendor would
 * publish it in the LoRaWAN Device Repository convention (ES5, `decodeUplink(input)`). The seed stores it as a
 * profile, the simulator sends its bytes through every way in, tests and the bench decode it.
 *
 * fPort 2, position report, 12 bytes, big-endian:
 *   0      status: bit 0 tamper, bit 1 in motion, bit 2 GNSS fix valid
 *   1-4    latitude, int32, 1e-7 degrees
 *   5-8    longitude, int32, 1e-7 degrees
 *   9-10   battery, uint16, millivolts
 *   11     horizontal accuracy, uint8, metres
 * fPort 3, heartbeat, 3 bytes: status, battery (uint16 mV).
 * Another or no port (KPN's SenML names none): the length tells which report it is.
 */
export const DEMO_CODEC_NAME = 'Geotrax GT-2 (demo codec)';
export const DEMO_CODEC_F_PORT = 2;
export const DEMO_CODEC_HEARTBEAT_F_PORT = 3;

export const DEMO_CODEC = `// Geotrax GT-2 payload decoder (LoRaWAN Device Repository convention)
function int32(bytes, i) {
  return (bytes[i] << 24) | (bytes[i + 1] << 16) | (bytes[i + 2] << 8) | bytes[i + 3];
}
function uint16(bytes, i) {
  return (bytes[i] << 8) | bytes[i + 1];
}
function statusOf(byte) {
  return { tamper: (byte & 1) === 1, motion: (byte & 2) === 2, gpsValid: (byte & 4) === 4 };
}
function decodeUplink(input) {
  var bytes = input.bytes;
  // Networks that pass no port (KPN's SenML): the length tells the report.
  var port = input.fPort === 2 || input.fPort === 3 ? input.fPort : bytes.length === 3 ? 3 : 2;
  if (port === 3) {
    if (bytes.length < 3) return { errors: ['heartbeat: expected 3 bytes, got ' + bytes.length] };
    var s = statusOf(bytes[0]);
    return { data: { type: 'heartbeat', tamper: s.tamper, motion: s.motion, batteryVoltage: uint16(bytes, 1) } };
  }
  if (bytes.length < 12) return { errors: ['position: expected 12 bytes, got ' + bytes.length] };
  var status = statusOf(bytes[0]);
  var data = { type: 'position', tamper: status.tamper, motion: status.motion, batteryVoltage: uint16(bytes, 9) };
  var warnings = [];
  if (status.gpsValid) {
    data.gps = { lat: int32(bytes, 1) / 1e7, lng: int32(bytes, 5) / 1e7, hacc: bytes[11] };
  } else {
    warnings.push('no GNSS fix');
  }
  return { data: data, warnings: warnings };
}
`;

export interface DemoReading {
  latitude?: number;
  longitude?: number;
  accuracy?: number;
  batteryMv: number;
  tamper?: boolean;
  motion?: boolean;
}

const int32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeInt32BE(Math.round(value * 1e7));
  return [...bytes];
};

/** The bytes a GT-2 sends (fPort 2 with a position, fPort 3 without), as hex. */
export function encodeDemoPayload(reading: DemoReading): { fPort: number; hex: string } {
  const fix = reading.latitude !== undefined && reading.longitude !== undefined;
  const status = (reading.tamper ? 1 : 0) | (reading.motion ? 2 : 0) | (fix ? 4 : 0);
  const battery = [(reading.batteryMv >> 8) & 0xff, reading.batteryMv & 0xff];
  const bytes = fix
    ? [
        status,
        ...int32(reading.latitude as number),
        ...int32(reading.longitude as number),
        ...battery,
        Math.min(255, Math.round(reading.accuracy ?? 10)),
      ]
    : [status, ...battery];
  const hex = bytes
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();
  return { fPort: fix ? DEMO_CODEC_F_PORT : DEMO_CODEC_HEARTBEAT_F_PORT, hex };
}

/** The profile the seed writes (battery in volts from the codec's millivolts: mapping.ts divides above 100). */
export const DEMO_CODEC_PROFILE = {
  name: DEMO_CODEC_NAME,
  codec: DEMO_CODEC,
  field_paths: {},
  battery_unit: 'V' as const,
  battery_low_below: 3.3,
  battery_fine_above: 3.4,
  uplink_interval_minutes: 60,
  silent_after_intervals: 3,
};
