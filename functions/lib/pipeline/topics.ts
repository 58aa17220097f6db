/**
 * MQTT topics of the ways in. On AWS an IoT topic rule per topic filter invokes the ingest Lambda
 * (infra/stacks/pipeline-stack.ts); locally scripts/local/iot-rules.ts subscribes inside aedes and invokes the
 * same handlers. IoT Core for LoRaWAN hands its uplinks to a rule through a destination, not a topic; locally
 * the LoRaWAN uplink JSON is published on LORAWAN_UPLINK_TOPIC to stand in for that destination.
 */
/** JSON tags: `tracking/<DEVEUI>/uplink`, the DEVEUI level being the device thing's own name (its IoT policy). */
export const MQTT_UPLINK_TOPIC_FILTER = 'tracking/+/uplink';
/**
 * Gateways: `tracking/<tenant id>/<DEVEUI>/uplink`, the tenant level being the one the gateway's IoT policy
 * allows (its thing's `tenant` attribute, infra/iot-policies.ts).
 */
export const GATEWAY_UPLINK_TOPIC_FILTER = 'tracking/+/+/uplink';
export const LORAWAN_UPLINK_TOPIC = 'lorawan/uplink';

export const gatewayUplinkTopic = (tenantId: string, devEui: string) => `tracking/${tenantId}/${devEui}/uplink`;

/**
 * The MQTT uplink rules' SQL. They hand the ingest the topic's levels beside the message, so the ingest can
 * hold the message to the tag (and, for a gateway, the tenant) its topic names: the topic is what IoT policies
 * restrict per publisher, the body is not. The message travels base64-encoded rather than merged with
 * `SELECT *, topic(2) ...`: a publisher's own `topicDevEui` key could then collide with the rule's, and a JSON
 * array (or text that is not JSON) has no keys to merge into. `encode(*, 'base64')` is AWS's documented form
 * for handing a Lambda the payload as it was published (iot developerguide, "Working with binary payloads").
 */
export const MQTT_UPLINK_RULE_SQL = `SELECT encode(*, 'base64') AS payload, topic(2) AS topicDevEui FROM '${MQTT_UPLINK_TOPIC_FILTER}'`;
export const GATEWAY_UPLINK_RULE_SQL = `SELECT encode(*, 'base64') AS payload, topic(2) AS gatewayTenant, topic(3) AS topicDevEui FROM '${GATEWAY_UPLINK_TOPIC_FILTER}'`;

/** What the MQTT uplink rules hand the MQTT ingest Lambda. */
export interface MqttRuleEvent {
  /** The published bytes, base64. */
  payload: string;
  /** The topic's DEVEUI level, as published (not normalised). */
  topicDevEui: string;
  /** Gateway topics only: the tenant level, the one the publishing gateway's policy allowed. */
  gatewayTenant?: string;
}

/** `topic(n)` of IoT SQL: the n-th level, 1-based; '' when the topic has none. */
export const topicLevel = (topic: string, level: number): string => topic.split('/')[level - 1] ?? '';

/** The local twin of the two rules (scripts/local/iot-rules.ts): the same event from a message. */
export function mqttRuleEvent(topic: string, payload: Buffer): MqttRuleEvent {
  const fromGateway = topic.split('/').length === 4;
  return {
    payload: payload.toString('base64'),
    topicDevEui: topicLevel(topic, fromGateway ? 3 : 2),
    ...(fromGateway ? { gatewayTenant: topicLevel(topic, 2) } : {}),
  };
}
