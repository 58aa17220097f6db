import type { Aedes } from 'aedes';
import {
  GATEWAY_DEVEUI_FIELD,
  GATEWAY_TENANT_FIELD,
  GATEWAY_UPLINK_TOPIC_FILTER,
  LORAWAN_UPLINK_TOPIC,
  MQTT_UPLINK_TOPIC_FILTER,
} from '../../functions/lib/pipeline/topics';

type Ingest = (event: unknown) => Promise<unknown>;

/**
 * IoT Core's topic rules, locally: subscribes inside the broker (as the rules engine is part of IoT Core, it
 * is no MQTT client and needs no policy) to the uplink topics and calls the same ingest handlers the rules
 * invoke on AWS (infra/stacks/pipeline-stack.ts), with the message's JSON as the event (`SELECT *`, plus the
 * topic levels the gateway rule selects). A message that is not JSON is handed over as its text, which the
 * reader refuses and records.
 */
export async function startIotRules(broker: Aedes, log: (line: string) => void = console.error) {
  const handlers: Record<string, () => Promise<Ingest>> = {
    mqtt: async () => (await import('../../functions/pipeline/mqtt-ingest')).handler,
    lorawan: async () => (await import('../../functions/pipeline/lorawan-ingest')).handler,
  };
  let chain: Promise<unknown> = Promise.resolve();
  const rule = (filter: string, way: 'mqtt' | 'lorawan', select: (event: unknown, topic: string) => unknown) => {
    const deliver = (packet: { topic: string; payload: Buffer | string }, done: () => void) => {
      const text = packet.payload.toString();
      let event: unknown = text;
      try {
        event = JSON.parse(text);
      } catch {
        // handed over as text
      }
      const selected = select(event, packet.topic);
      // One message after the other, in the broker's order: a tag's uplinks reach the queue as published, so
      // what a test or the simulator sends in order is processed in order (on AWS only measuredAt orders them).
      chain = chain
        .then(async () => (await (handlers[way] as () => Promise<Ingest>)())(selected))
        .catch((error: unknown) =>
          log(`IoT rule for ${packet.topic} failed: ${(error as Error).stack ?? String(error)}`),
        );
      done();
    };
    return new Promise<() => Promise<void>>((resolve) =>
      broker.subscribe(filter, deliver, () =>
        resolve(() => new Promise<void>((unsubscribed) => broker.unsubscribe(filter, deliver, unsubscribed))),
      ),
    );
  };
  const asIs = (event: unknown) => event;
  // gatewayUplinkRuleSql(): `SELECT *, topic(2) AS gatewayTenant, topic(3) AS topicDevEui`.
  const withTopicLevels = (event: unknown, topic: string) => {
    const [, tenant, devEui] = topic.split('/');
    const body = event && typeof event === 'object' && !Array.isArray(event) ? event : {};
    return { ...body, [GATEWAY_TENANT_FIELD]: tenant, [GATEWAY_DEVEUI_FIELD]: devEui };
  };
  const stops = [
    await rule(MQTT_UPLINK_TOPIC_FILTER, 'mqtt', asIs),
    await rule(GATEWAY_UPLINK_TOPIC_FILTER, 'mqtt', withTopicLevels),
    await rule(LORAWAN_UPLINK_TOPIC, 'lorawan', asIs),
  ];
  return {
    name: 'IoT rules (MQTT -> ingest)',
    url: `${MQTT_UPLINK_TOPIC_FILTER}, ${GATEWAY_UPLINK_TOPIC_FILTER}, ${LORAWAN_UPLINK_TOPIC}`,
    stop: async () => {
      for (const stop of stops) await stop();
    },
  };
}
