/**
 * MQTT topics of the ways in. On AWS an IoT topic rule per topic filter invokes the ingest Lambda
 * (infra/stacks/pipeline-stack.ts); locally scripts/local/iot-rules.ts subscribes on aedes and invokes the same
 * handlers. IoT Core for LoRaWAN hands its uplinks to a rule through a destination, not a topic; locally
 * the LoRaWAN uplink JSON is published on LORAWAN_UPLINK_TOPIC to stand in for that destination.
 */
/** JSON tags and gateways: `tracking/<DEVEUI>/uplink`. */
export const MQTT_UPLINK_TOPIC_FILTER = 'tracking/+/uplink';
export const LORAWAN_UPLINK_TOPIC = 'lorawan/uplink';
