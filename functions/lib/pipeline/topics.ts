/**
 * MQTT topics of the ways in. On AWS an IoT topic rule per topic filter invokes the ingest Lambda
 * (infra/stacks/pipeline-stack.ts); locally scripts/local/iot-rules.ts subscribes on aedes and invokes the same
 * handlers. IoT Core for LoRaWAN hands its uplinks to a rule through a destination, not a topic; locally
 * the LoRaWAN uplink JSON is published on LORAWAN_UPLINK_TOPIC to stand in for that destination.
 */
/** JSON tags and gateways: `tracking/<DEVEUI>/uplink`. */
export const MQTT_UPLINK_TOPIC_FILTER = 'tracking/+/uplink';
export const LORAWAN_UPLINK_TOPIC = 'lorawan/uplink';

/**
 * The MQTT uplink rule's SQL. It hands the ingest the topic's DEVEUI beside the message, so the ingest can
 * hold the message to the tag its topic names (the topic is what IoT policies can restrict per publisher,
 * the body is not). The message travels base64-encoded rather than merged with `SELECT *, topic(2) ...`: a
 * publisher's own `topicDevEui` key could then collide with the rule's, and a JSON array (or text that is not
 * JSON) has no keys to merge into. `encode(*, 'base64')` is AWS's documented form for handing a Lambda the
 * payload as it was published (iot developerguide, "Working with binary payloads").
 */
export const MQTT_UPLINK_RULE_SQL = `SELECT encode(*, 'base64') AS payload, topic(2) AS topicDevEui FROM '${MQTT_UPLINK_TOPIC_FILTER}'`;

/** What MQTT_UPLINK_RULE_SQL hands the MQTT ingest Lambda. */
export interface MqttRuleEvent {
  /** The published bytes, base64. */
  payload: string;
  /** `topic(2)`: the DEVEUI level of `tracking/<DEVEUI>/uplink`, as published (not normalised). */
  topicDevEui: string;
}

/** `topic(2)` of IoT SQL: the second level, 1-based; '' when the topic has none. */
export const topicLevel = (topic: string, level: number): string => topic.split('/')[level - 1] ?? '';

/** The local twin of MQTT_UPLINK_RULE_SQL (scripts/local/iot-rules.ts): the same event from a message. */
export const mqttRuleEvent = (topic: string, payload: Buffer): MqttRuleEvent => ({
  payload: payload.toString('base64'),
  topicDevEui: topicLevel(topic, 2),
});
