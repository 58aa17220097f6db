import type { Aedes } from 'aedes';
import {
  GATEWAY_UPLINK_TOPIC_FILTER,
  LORAWAN_UPLINK_TOPIC,
  MQTT_UPLINK_TOPIC_FILTER,
  mqttRuleEvent,
} from '../../functions/lib/pipeline/topics';
import { recordDeadLetter } from './dead-letters';

type Ingest = (event: unknown) => Promise<unknown>;

/** A message that is not JSON is handed over as its text, which the reader refuses and records. */
function parsedOrText(payload: Buffer): unknown {
  const text = payload.toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * IoT Core's topic rules, locally: subscribes inside the broker (the rules engine is part of IoT Core, no MQTT
 * client, and needs no policy) to the uplink topics and calls the same ingest handlers the rules invoke on AWS
 * (infra/stacks/pipeline-stack.ts), with the event each rule's SQL makes (topics.ts: the bytes and the topic's
 * levels for the MQTT rules, the message's JSON for the LoRaWAN rule's `SELECT *`).
 */
export async function startIotRules(broker: Aedes, log: (line: string) => void = console.error) {
  const handlers: Record<string, () => Promise<Ingest>> = {
    mqtt: async () => (await import('../../functions/pipeline/mqtt-ingest')).handler,
    lorawan: async () => (await import('../../functions/pipeline/lorawan-ingest')).handler,
  };
  let chain: Promise<unknown> = Promise.resolve();
  const rule = (filter: string, way: 'mqtt' | 'lorawan', select: (topic: string, payload: Buffer) => unknown) => {
    const deliver = (packet: { topic: string; payload: Buffer | string }, done: () => void) => {
      const event = select(packet.topic, Buffer.from(packet.payload));
      // One message after the other, in the broker's order: a tag's uplinks reach the queue as published, so
      // what a test or the simulator sends in order is processed in order (on AWS only measuredAt orders them).
      chain = chain
        .then(async () => (await (handlers[way] as () => Promise<Ingest>)())(event))
        .catch((error: unknown) => {
          log(`IoT rule for ${packet.topic} failed: ${(error as Error).stack ?? String(error)}`);
          // As the rule's error action (and the ingest's onFailure destination) on AWS: the uplink is kept.
          recordDeadLetter('iot-rule-error-action', { target: packet.topic, payload: event, error, attempts: 1 });
        });
      done();
    };
    return new Promise<() => Promise<void>>((resolve) =>
      broker.subscribe(filter, deliver, () =>
        resolve(() => new Promise<void>((unsubscribed) => broker.unsubscribe(filter, deliver, unsubscribed))),
      ),
    );
  };
  const stops = [
    await rule(MQTT_UPLINK_TOPIC_FILTER, 'mqtt', mqttRuleEvent),
    await rule(GATEWAY_UPLINK_TOPIC_FILTER, 'mqtt', mqttRuleEvent),
    await rule(LORAWAN_UPLINK_TOPIC, 'lorawan', (_topic, payload) => parsedOrText(payload)),
  ];
  return {
    name: 'IoT rules (MQTT -> ingest)',
    url: `${MQTT_UPLINK_TOPIC_FILTER}, ${GATEWAY_UPLINK_TOPIC_FILTER}, ${LORAWAN_UPLINK_TOPIC}`,
    stop: async () => {
      for (const stop of stops) await stop();
    },
  };
}
