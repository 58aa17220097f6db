import { DEV_EUI, lorawanBody, type WayInRejection } from './examples';

/** The documented bodies each way in refuses, with the reason recorded (see examples.ts). */
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
    title: 'MQTT: another tag than the topic’s',
    wayIn: 'mqtt',
    topic: 'tracking/0004A30B001C0530/uplink',
    body: { devEui: DEV_EUI, payloadHex: '05' },
    reason: `devEui ${DEV_EUI} is not the topic's 0004A30B001C0530`,
  },
  {
    title: 'MQTT: two tags in one message',
    wayIn: 'mqtt',
    body: [
      { devEui: DEV_EUI, payloadHex: '05' },
      { devEui: '0004A30B001C0531', payloadHex: '05' },
    ],
    reason: `Message 1: devEui 0004A30B001C0531 is not the topic's ${DEV_EUI}`,
  },
  {
    title: 'MQTT: a topic level that is no DEVEUI',
    wayIn: 'mqtt',
    topic: 'tracking/+gateway/uplink',
    body: { devEui: DEV_EUI, payloadHex: '05' },
    reason: 'Topic DEVEUI "+gateway" is not hexadecimal',
  },
  {
    title: 'MQTT: unknown field',
    wayIn: 'mqtt',
    body: { devEui: DEV_EUI, payloadHex: '05', colour: 'red' },
    reason: 'Not a tracker MQTT message',
  },
];
