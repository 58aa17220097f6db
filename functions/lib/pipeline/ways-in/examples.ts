import type { NormalizedUplink } from '../contracts';

/**
 * The documented bodies of the three ways in and what each becomes: docs/device-payloads.md is generated from
 * these and test/unit/pipeline-ways-in.test.ts reads each, so the document and the readers agree.
 */
export type WayIn = 'lorawan' | 'kpn' | 'mqtt';

export interface WayInExample {
  title: string;
  wayIn: WayIn;
  body: unknown;
  uplinks: NormalizedUplink[];
}

export interface WayInRejection {
  title: string;
  wayIn: WayIn;
  body: unknown;
  reason: string;
}

export const EXAMPLE_RECEIVED_AT = '2026-11-23T10:00:01.000Z';
const receivedAt = EXAMPLE_RECEIVED_AT;
const DEV_EUI = 'A41163C212345678';

const lorawanBody = (metadata: Record<string, unknown>, payloadData = 'YaEfDGpuAw13eQAI') => ({
  WirelessDeviceId: '5b58245e-146c-4c30-9703-0ca942e3ff35',
  PayloadData: payloadData,
  WirelessMetadata: {
    LoRaWAN: {
      ADR: false,
      DataRate: '0',
      DevEui: 'a41163c212345678',
      FCnt: 17,
      FPort: 1,
      Frequency: '868100000',
      Gateways: [{ GatewayEui: '80029cfffe5cf1cc', Snr: 7.5, Rssi: -97 }],
      MType: 'UnconfirmedDataUp',
      Timestamp: '2026-11-23T10:00:00Z',
      ...metadata,
    },
  },
});

export const WAY_IN_EXAMPLES: WayInExample[] = [
  {
    title: 'IoT Core for LoRaWAN: a tracker-v1 uplink (moving, fix, 3.61 V)',
    wayIn: 'lorawan',
    body: lorawanBody({}),
    uplinks: [
      {
        devEui: DEV_EUI,
        source: 'lorawan',
        measuredAt: '2026-11-23T10:00:00.000Z',
        receivedAt,
        frameCounter: 17,
        fPort: 1,
        payloadFormat: 'tracker-v1',
        payloadHex: '61A11F0C6A6E030D77790008',
        gateways: [{ id: '80029cfffe5cf1cc', rssi: -97, snr: 7.5 }],
      },
    ],
  },
  {
    title: "IoT Core for LoRaWAN: AWS's documented example (15-digit DevEui, `Fport`, no tracker-v1 bytes)",
    wayIn: 'lorawan',
    body: lorawanBody(
      {
        DevEui: '58a0cb000202c99',
        FCnt: 1,
        FPort: undefined,
        Fport: 136,
        Timestamp: '2021-05-03T03:24:29Z',
        Gateways: [{ GatewayEui: '80029cfffe5cf1cc', Snr: -29, Rssi: 9.75 }],
      },
      'Cc48AAAAAAAAAAA=',
    ),
    uplinks: [
      {
        devEui: '058A0CB000202C99',
        source: 'lorawan',
        measuredAt: '2021-05-03T03:24:29.000Z',
        receivedAt,
        frameCounter: 1,
        fPort: 136,
        payloadFormat: 'tracker-v1',
        payloadHex: '09CE3C0000000000000000',
        gateways: [{ id: '80029cfffe5cf1cc', rssi: 9.75, snr: -29 }],
      },
    ],
  },
  {
    title: 'KPN Things: network geolocation beside the payload record',
    wayIn: 'kpn',
    body: [
      { bn: `urn:dev:DEVEUI:${DEV_EUI}:`, bt: 1795428000 },
      { n: 'locOrigin', vs: 'KPNLORA' },
      { n: 'latitude', u: 'lat', v: 51.794884 },
      { n: 'longitude', u: 'lon', v: 4.681233 },
      { n: 'radius', u: 'm', v: 319 },
      { n: 'payload', vs: '428c' },
    ],
    uplinks: [
      {
        devEui: DEV_EUI,
        source: 'kpn',
        measuredAt: '2026-11-23T10:00:00.000Z',
        receivedAt,
        networkFix: { latitude: 51.794884, longitude: 4.681233, accuracy: 319, source: 'network' },
        payloadHex: '428C',
        payloadFormat: 'tracker-v1',
      },
    ],
  },
  {
    title: 'KPN Things: decoded measurement records only (battery voltage, the device position)',
    wayIn: 'kpn',
    body: [
      { n: 'batteryVoltage', u: 'V', v: 3.58, bn: `urn:dev:DEVEUI:${DEV_EUI.toLowerCase()}:`, bt: 1795428000 },
      { n: 'latitude', u: 'lat', v: 52.0907374 },
      { n: 'longitude', u: 'lon', v: 5.1214201 },
    ],
    uplinks: [
      {
        devEui: DEV_EUI,
        source: 'kpn',
        measuredAt: '2026-11-23T10:00:00.000Z',
        receivedAt,
        decoded: { batteryVoltage: 3.58, fix: { latitude: 52.0907374, longitude: 5.1214201, source: 'gnss' } },
      },
    ],
  },
  {
    title: 'MQTT: a tag publishing its bytes',
    wayIn: 'mqtt',
    body: { devEui: DEV_EUI, time: '2026-11-23T10:00:00Z', fCnt: 18, payloadHex: '532D', format: 'tracker-v1' },
    uplinks: [
      {
        devEui: DEV_EUI,
        source: 'mqtt',
        measuredAt: '2026-11-23T10:00:00.000Z',
        receivedAt,
        frameCounter: 18,
        payloadHex: '532D',
        payloadFormat: 'tracker-v1',
      },
    ],
  },
  {
    title: 'MQTT: a gateway publishing decoded fields for two tags',
    wayIn: 'mqtt',
    body: [
      {
        devEui: '0004A30B001C0530',
        time: 1795428000,
        fCnt: 3,
        eventType: 'intervalBasedLocalGateway',
        batteryVoltage: 3.3,
        gatewayId: 'depot-gw-1',
        rssi: -71,
      },
      {
        devEui: '0004a30b001c0531',
        time: '2026-11-23T10:00:05Z',
        eventType: 'moving',
        position: { latitude: 51.9225, longitude: 4.47917, accuracy: 12 },
      },
    ],
    uplinks: [
      {
        devEui: '0004A30B001C0530',
        source: 'mqtt',
        measuredAt: '2026-11-23T10:00:00.000Z',
        receivedAt,
        frameCounter: 3,
        decoded: { eventType: 'intervalBasedLocalGateway', batteryVoltage: 3.3 },
        gateways: [{ id: 'depot-gw-1', rssi: -71 }],
      },
      {
        devEui: '0004A30B001C0531',
        source: 'mqtt',
        measuredAt: '2026-11-23T10:00:05.000Z',
        receivedAt,
        decoded: { eventType: 'moving', fix: { latitude: 51.9225, longitude: 4.47917, accuracy: 12, source: 'gnss' } },
      },
    ],
  },
];

export const WAY_IN_REJECTIONS: WayInRejection[] = [
  {
    title: 'LoRaWAN: not an uplink',
    wayIn: 'lorawan',
    body: { hello: 1 },
    reason: 'Not an IoT Core for LoRaWAN uplink: PayloadData',
  },
  {
    title: 'LoRaWAN: PayloadData not base64',
    wayIn: 'lorawan',
    body: lorawanBody({}, 'not base64!'),
    reason: 'PayloadData is not base64',
  },
  {
    title: 'LoRaWAN: DevEui not hex',
    wayIn: 'lorawan',
    body: lorawanBody({ DevEui: 'xyz' }),
    reason: 'DevEui "xyz" is not hexadecimal',
  },
  {
    title: 'LoRaWAN: Timestamp not a date',
    wayIn: 'lorawan',
    body: lorawanBody({ Timestamp: 'yesterday' }),
    reason: 'Timestamp "yesterday" is not a date',
  },
  { title: 'KPN: not an array', wayIn: 'kpn', body: { bn: 'x' }, reason: 'The body is not a SenML array of records' },
  {
    title: 'KPN: no base name',
    wayIn: 'kpn',
    body: [{ bt: 1795428000 }, { n: 'payload', vs: '05' }],
    reason: 'No base name urn:dev:DEVEUI:<DEVEUI>: in the records',
  },
  {
    title: 'KPN: base name of another kind',
    wayIn: 'kpn',
    body: [{ bn: 'urn:dev:IMEI:123:', bt: 1 }],
    reason: 'Base name "urn:dev:IMEI:123:" is not urn:dev:DEVEUI:<DEVEUI>:',
  },
  {
    title: 'KPN: no base time',
    wayIn: 'kpn',
    body: [{ bn: `urn:dev:DEVEUI:${DEV_EUI}:` }, { n: 'payload', vs: '05' }],
    reason: 'No base time (bt) in the records',
  },
  {
    title: 'KPN: relative time',
    wayIn: 'kpn',
    body: [
      { bn: `urn:dev:DEVEUI:${DEV_EUI}:`, bt: -5 },
      { n: 'payload', vs: '05' },
    ],
    reason: 'Time -5 is not epoch seconds after 2000',
  },
  {
    title: 'KPN: latitude without longitude',
    wayIn: 'kpn',
    body: [
      { bn: `urn:dev:DEVEUI:${DEV_EUI}:`, bt: 1795428000 },
      { n: 'latitude', v: 52 },
    ],
    reason: 'A latitude record without a longitude, or the reverse',
  },
  {
    title: 'KPN: payload not hex',
    wayIn: 'kpn',
    body: [
      { bn: `urn:dev:DEVEUI:${DEV_EUI}:`, bt: 1795428000 },
      { n: 'payload', vs: 'hello' },
    ],
    reason: 'The payload record is not hexadecimal',
  },
  {
    title: 'KPN: two devices in one message',
    wayIn: 'kpn',
    body: [
      { bn: `urn:dev:DEVEUI:${DEV_EUI}:`, bt: 1795428000 },
      { bn: 'urn:dev:DEVEUI:0004A30B001C0530:', n: 'payload', vs: '05' },
    ],
    reason: 'Records of more than one DEVEUI in one message',
  },
  {
    title: 'KPN: nothing to read',
    wayIn: 'kpn',
    body: [
      { bn: `urn:dev:DEVEUI:${DEV_EUI}:`, bt: 1795428000 },
      { n: 'firmwareVersion', vs: '1.2' },
    ],
    reason: 'No payload, position or measurement record',
  },
  {
    title: 'MQTT: bytes and decoded fields',
    wayIn: 'mqtt',
    body: { devEui: DEV_EUI, payloadHex: '05', eventType: 'moving' },
    reason: 'Either payloadHex or decoded fields, not both',
  },
  {
    title: 'MQTT: nothing to read',
    wayIn: 'mqtt',
    body: { devEui: DEV_EUI, fCnt: 1 },
    reason: 'Neither payloadHex nor decoded fields',
  },
  {
    title: 'MQTT: unknown format',
    wayIn: 'mqtt',
    body: { devEui: DEV_EUI, payloadHex: '05', format: 'acme' },
    reason: 'Unknown payload format "acme"',
  },
  {
    title: 'MQTT: second message of a batch bad',
    wayIn: 'mqtt',
    body: [
      { devEui: DEV_EUI, payloadHex: '05' },
      { devEui: 'nope', payloadHex: '05' },
    ],
    reason: 'Message 1: devEui "nope" is not hexadecimal',
  },
  {
    title: 'MQTT: unknown field',
    wayIn: 'mqtt',
    body: { devEui: DEV_EUI, payloadHex: '05', colour: 'red' },
    reason: 'Not a tracker MQTT message',
  },
];
