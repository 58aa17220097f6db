import mqtt, { type MqttClient } from 'mqtt';
import {
  connectAsThing,
  type LocalThingKind,
  provisionLocalThing,
  type ThingCredentials,
} from '../../scripts/local/iot-clients';
import { readStack } from './stack';

/** MQTT clients of the broker attack tests (test/integration/iot-broker.test.ts, gateways.test.ts). */
export const provision = (thing: LocalThingKind) => provisionLocalThing(readStack().ports.IOT_PORT, thing);
export const connectAs = (credentials: Partial<ThingCredentials>, clientId?: string) =>
  connectAsThing(readStack().ports.MQTT_PORT, credentials, clientId ? { clientId } : {});

/**
 * The old way in, from before uplinks were bound to their publisher: plain MQTT, no certificate. It fails when
 * the connection closes before a CONNACK (mqtt.js's connectAsync would wait on for a reconnect that is switched
 * off).
 */
export const connectPlain = () =>
  new Promise<MqttClient>((resolve, reject) => {
    const client = mqtt.connect(`mqtt://127.0.0.1:${readStack().ports.MQTT_PORT}`, { reconnectPeriod: 0 });
    client.once('connect', () => resolve(client));
    client.once('error', reject);
    client.once('close', () => reject(new Error('Connection closed before CONNACK')));
  });

/**
 * 'accepted' when the broker acknowledges a QoS 1 publish, 'refused' when it closes the connection instead
 * (IoT Core and the local broker answer an unauthorized publish so: MQTT 3.1.1 has no negative PUBACK).
 */
export function publishOutcome(client: MqttClient, topic: string, message: unknown): Promise<'accepted' | 'refused'> {
  return new Promise((resolve) => {
    client.once('close', () => resolve('refused'));
    client.publish(topic, JSON.stringify(message), { qos: 1 }, (error) => resolve(error ? 'refused' : 'accepted'));
  });
}

/** The error a connection attempt ends with, or undefined when it connects (and is closed again). */
export async function connectError(connect: () => Promise<MqttClient>): Promise<Error | undefined> {
  try {
    const client = await connect();
    await client.endAsync(true);
    return undefined;
  } catch (error) {
    return error as Error;
  }
}
