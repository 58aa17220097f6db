import mqtt from 'mqtt';
import { encodeTrackerPayload, type TrackerPayload } from '../../functions/lib/pipeline/decoders';
import { thingsMessageToken } from '../../functions/lib/pipeline/things-token';
import { LORAWAN_UPLINK_TOPIC } from '../../functions/lib/pipeline/topics';
import { type ApiResponse, call } from './api';
import { readStack } from './stack';

/** Senders of device uplinks by each way in, for integration tests of the event pipeline. */
export interface Uplink {
  devEui: string;
  at: Date;
  payload: TrackerPayload;
  frameCounter?: number;
}

/** Polls `read` until `done` holds for its value; fails with the last value after `timeoutMs`. */
export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value)) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    value = await read();
  }
  return value;
}

export const senmlBody = (uplink: Uplink) =>
  JSON.stringify([
    { bn: `urn:dev:DEVEUI:${uplink.devEui}:`, bt: Math.floor(uplink.at.getTime() / 1000) },
    { n: 'payload', vs: encodeTrackerPayload(uplink.payload) },
  ]);

/** POST /api/things/uplink with the token KPN would compute (or a given wrong one). */
export function sendKpn(
  uplink: Uplink,
  plug: string,
  secret: string,
  token?: string,
): Promise<ApiResponse<{ accepted: number }>> {
  const body = senmlBody(uplink);
  return call('POST', '/api/things/uplink', {
    rawBody: body,
    headers: {
      'things-plug-uuid': plug,
      'things-message-token': token ?? thingsMessageToken(Buffer.from(body), secret),
    },
  });
}

export const lorawanBody = (uplink: Uplink) => ({
  WirelessDeviceId: `wd-${uplink.devEui}`,
  PayloadData: Buffer.from(encodeTrackerPayload(uplink.payload), 'hex').toString('base64'),
  WirelessMetadata: {
    LoRaWAN: {
      DevEui: uplink.devEui.toLowerCase(),
      FCnt: uplink.frameCounter ?? 1,
      FPort: 1,
      MType: 'UnconfirmedDataUp',
      Timestamp: uplink.at.toISOString(),
      Gateways: [{ GatewayEui: '80029cfffe5cf1cc', Snr: 7.5, Rssi: -97 }],
    },
  },
});

export const mqttJson = (uplink: Uplink) => ({
  devEui: uplink.devEui,
  time: uplink.at.toISOString(),
  eventType: uplink.payload.eventType,
  ...(uplink.payload.fix ? { position: { ...uplink.payload.fix, source: 'gnss' } } : {}),
  ...(uplink.payload.sabotaged !== undefined ? { sabotaged: uplink.payload.sabotaged } : {}),
  ...(uplink.payload.batteryLow !== undefined ? { batteryLow: uplink.payload.batteryLow } : {}),
});

/** Publishes on the broker as a tag (`tracking/<DEVEUI>/uplink`) or as IoT Core for LoRaWAN's destination. */
export async function publish(topic: string, message: unknown): Promise<void> {
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${readStack().ports.MQTT_PORT}`);
  try {
    await client.publishAsync(topic, typeof message === 'string' ? message : JSON.stringify(message), { qos: 1 });
  } finally {
    await client.endAsync();
  }
}

export const publishMqtt = (uplink: Uplink) => publish(`tracking/${uplink.devEui}/uplink`, mqttJson(uplink));
export const publishLorawan = (uplink: Uplink) => publish(LORAWAN_UPLINK_TOPIC, lorawanBody(uplink));
