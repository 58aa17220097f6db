import mqtt from 'mqtt';
import { LORAWAN_UPLINK_TOPIC, MQTT_UPLINK_TOPIC_FILTER, mqttRuleEvent } from '../../functions/lib/pipeline/topics';

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
 * IoT Core's topic rules, locally: subscribes on aedes to the uplink topics and calls the same ingest
 * handlers the rules invoke on AWS (infra/stacks/pipeline-stack.ts), with the event each rule's SQL makes.
 */
export async function startIotRules(mqttUrl: string, log: (line: string) => void = console.error) {
  const handlers: Record<string, () => Promise<Ingest>> = {
    mqtt: async () => (await import('../../functions/pipeline/mqtt-ingest')).handler,
    lorawan: async () => (await import('../../functions/pipeline/lorawan-ingest')).handler,
  };
  const client = await mqtt.connectAsync(mqttUrl, { clientId: `iot-rules-${process.pid}`, reconnectPeriod: 1000 });
  await client.subscribeAsync([MQTT_UPLINK_TOPIC_FILTER, LORAWAN_UPLINK_TOPIC], { qos: 1 });
  let chain: Promise<unknown> = Promise.resolve();
  client.on('message', (topic, payload) => {
    const lorawan = topic === LORAWAN_UPLINK_TOPIC;
    // The MQTT rule's SQL (MQTT_UPLINK_RULE_SQL) hands over the bytes and topic(2); the LoRaWAN rule `SELECT *`.
    const event = lorawan ? parsedOrText(payload) : mqttRuleEvent(topic, payload);
    const handler = handlers[lorawan ? 'lorawan' : 'mqtt'] as () => Promise<Ingest>;
    // One message after the other, in the broker's order: a tag's uplinks reach the queue as published, so
    // what a test or the simulator sends in order is processed in order (on AWS only measuredAt orders them).
    chain = chain
      .then(async () => (await handler())(event))
      .catch((error: unknown) => log(`IoT rule for ${topic} failed: ${(error as Error).stack ?? String(error)}`));
  });
  return {
    name: 'IoT rules (MQTT -> ingest)',
    url: `${mqttUrl} ${MQTT_UPLINK_TOPIC_FILTER}, ${LORAWAN_UPLINK_TOPIC}`,
    stop: async () => {
      await client.endAsync(true);
    },
  };
}
