import { LORAWAN_UPLINK_TOPIC } from '../../functions/lib/pipeline/topics';
import { connectAsThing, type LocalThingKind, thingCredentialsCache } from '../../scripts/local/iot-clients';
import { kpnHeaders, lorawanBody, mqttJson, senmlBody, type Uplink } from '../../scripts/simulate/bodies';
import { type ApiResponse, call } from './api';
import { readStack } from './stack';
import { waitUntil } from './wait';

export type { Uplink };

// Senders of device uplinks by each way in, for integration tests of the event pipeline.

/** Polls `read` until `done` holds for its value (wait.ts); fails with the last value after `timeoutMs`. */
export const waitFor = <T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> =>
  waitUntil(`the state an uplink leads to (${done.toString().slice(0, 160)})`, read, done, { timeoutMs });

/** POST /api/things/uplink with the token KPN would compute (or a given wrong one). */
export function sendKpn(
  uplink: Uplink,
  plug: string,
  secret: string,
  token?: string,
): Promise<ApiResponse<{ accepted: number }>> {
  const body = senmlBody(uplink);
  return call('POST', '/api/things/uplink', { rawBody: body, headers: kpnHeaders(body, plug, secret, token) });
}

const credentialsOf = thingCredentialsCache(() => readStack().ports.IOT_PORT);

/**
 * Publishes on the broker as a thing of the local registry (mutual TLS, held to its IoT policy): by default a
 * tag for `tracking/<DEVEUI>/uplink` and IoT Core for LoRaWAN's destination stand-in for its topic.
 */
export async function publish(topic: string, message: unknown, as?: LocalThingKind): Promise<void> {
  const devEui = /^tracking\/([^/]+)\/uplink$/.exec(topic)?.[1];
  const thing: LocalThingKind = as ?? (devEui ? { kind: 'device', devEui } : { kind: 'lorawan-destination' });
  const client = await connectAsThing(readStack().ports.MQTT_PORT, await credentialsOf(thing));
  try {
    await client.publishAsync(topic, typeof message === 'string' ? message : JSON.stringify(message), { qos: 1 });
  } finally {
    await client.endAsync();
  }
}

export const publishMqtt = (uplink: Uplink) => publish(`tracking/${uplink.devEui}/uplink`, mqttJson(uplink));
export const publishLorawan = (uplink: Uplink) => publish(LORAWAN_UPLINK_TOPIC, lorawanBody(uplink));
