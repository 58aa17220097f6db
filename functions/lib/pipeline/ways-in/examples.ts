import type { ReadUplink } from '../contracts';

/**
 * The documented bodies of the three ways in and what each becomes (the refused ones in rejection-examples.ts):
 * docs/device-payloads.md is generated from these and test/unit/pipeline-ways-in.test.ts reads each, so the
 * document and the readers agree.
 */
export type WayIn = 'lorawan' | 'kpn' | 'mqtt';

export interface WayInExample {
  title: string;
  wayIn: WayIn;
  /** MQTT: the topic it is published on, EXAMPLE_MQTT_TOPIC when not given. */
  topic?: string;
  body: unknown;
  uplinks: ReadUplink[];
}

export interface WayInRejection {
  title: string;
  wayIn: WayIn;
  topic?: string;
  body: unknown;
  reason: string;
}

export const EXAMPLE_RECEIVED_AT = '2026-11-23T10:00:01.000Z';
const receivedAt = EXAMPLE_RECEIVED_AT;
export const DEV_EUI = 'A41163C212345678';
export const EXAMPLE_MQTT_TOPIC = `tracking/${DEV_EUI}/uplink`;

export const lorawanBody = (metadata: Record<string, unknown>, payloadData = 'YaEfDGpuAw13eQAI') => ({
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
    title: 'MQTT: a gateway relaying a tag’s decoded fields, two uplinks it had buffered',
    wayIn: 'mqtt',
    topic: 'tracking/0004A30B001C0530/uplink',
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
        devEui: '0004a30b001c0530',
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
        devEui: '0004A30B001C0530',
        source: 'mqtt',
        measuredAt: '2026-11-23T10:00:05.000Z',
        receivedAt,
        decoded: { eventType: 'moving', fix: { latitude: 51.9225, longitude: 4.47917, accuracy: 12, source: 'gnss' } },
      },
    ],
  },
];
