import type { DecodedPayload } from '../contracts';

/**
 * The documented vectors of the tracker-v1 format: docs/device-payloads.md is generated from these
 * (scripts/docs/device-payload-examples.ts) and test/unit/pipeline-decoders.test.ts decodes each, so the document and
 * the decoder cannot drift apart.
 */
export interface DecoderExample {
  title: string;
  format: string;
  hex: string;
  fPort?: number;
  decoded: DecodedPayload;
}

export interface DecoderRejection {
  title: string;
  format: string;
  hex: string;
  fPort?: number;
  reason: string;
}

export const DECODER_EXAMPLES: DecoderExample[] = [
  {
    title: 'Moving, GNSS fix within 8 m, battery 3.61 V',
    format: 'tracker-v1',
    hex: '61A11F0C6A6E030D77790008',
    fPort: 1,
    decoded: {
      eventType: 'moving',
      sabotaged: false,
      batteryLow: false,
      batteryVoltage: 3.61,
      fix: { latitude: 52.0907374, longitude: 5.1214201, accuracy: 8, source: 'gnss' },
    },
  },
  {
    title: 'Still, no fix, battery 3.40 V',
    format: 'tracker-v1',
    hex: '428C',
    decoded: { eventType: 'still', sabotaged: false, batteryLow: false, batteryVoltage: 3.4 },
  },
  {
    title: 'Start with the sabotage flag, fix of unknown accuracy',
    format: 'tracker-v1',
    hex: '281F36ABC602EA3744FFFF',
    decoded: {
      eventType: 'start',
      sabotaged: true,
      batteryLow: false,
      fix: { latitude: 52.3676614, longitude: 4.8904004, source: 'gnss' },
    },
  },
  {
    title: 'Stopped, battery low at 2.45 V',
    format: 'tracker-v1',
    hex: '532D',
    decoded: { eventType: 'stopped', sabotaged: false, batteryLow: true, batteryVoltage: 2.45 },
  },
  {
    title: 'Interval-based report with a 25 m fix',
    format: 'tracker-v1',
    hex: '241EA95D8002AAE8380019',
    decoded: {
      eventType: 'intervalBased',
      sabotaged: false,
      batteryLow: false,
      fix: { latitude: 51.4416, longitude: 4.4755, accuracy: 25, source: 'gnss' },
    },
  },
  {
    title: 'Interval-based via a local gateway, the smallest uplink (1 byte)',
    format: 'tracker-v1',
    hex: '05',
    decoded: { eventType: 'intervalBasedLocalGateway', sabotaged: false, batteryLow: false },
  },
];

export const DECODER_REJECTIONS: DecoderRejection[] = [
  { title: 'No bytes', format: 'tracker-v1', hex: '', reason: 'Empty payload' },
  { title: 'Not hex', format: 'tracker-v1', hex: 'ZZ', reason: 'Payload is not hexadecimal bytes' },
  { title: 'Half a byte', format: 'tracker-v1', hex: '051', reason: 'Payload is not hexadecimal bytes' },
  { title: 'Event type 6 (undefined)', format: 'tracker-v1', hex: '06', reason: 'Unknown event type 6' },
  {
    title: 'Reserved header bit 7 set',
    format: 'tracker-v1',
    hex: '81',
    reason: 'Unknown tracker payload version (header bit 7 set)',
  },
  {
    title: 'Fix announced, bytes missing',
    format: 'tracker-v1',
    hex: '61A1',
    reason: 'Expected 12 bytes for header 61, got 2',
  },
  { title: 'Trailing bytes', format: 'tracker-v1', hex: '0500', reason: 'Expected 1 byte for header 05, got 2' },
  {
    title: 'Port 0 (MAC commands)',
    format: 'tracker-v1',
    hex: '05',
    fPort: 0,
    reason: 'Port 0 carries MAC commands, no application payload',
  },
  { title: 'Unknown format', format: 'browan-136', hex: '05', reason: 'Unknown payload format "browan-136"' },
];
