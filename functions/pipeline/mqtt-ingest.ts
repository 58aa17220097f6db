import { Logger } from '@aws-lambda-powertools/logger';
import { ingest } from '../lib/pipeline/ingest';
import { fromMqttRuleEvent } from '../lib/pipeline/ways-in';

const logger = new Logger({ serviceName: 'pipeline-mqtt-ingest' });

/**
 * JSON tags publishing to `tracking/<DEVEUI>/uplink`: the IoT topic rule (MQTT_UPLINK_RULE_SQL in
 * functions/lib/pipeline/topics.ts) hands this function the message, base64, with the topic's DEVEUI; every
 * uplink in it must be that tag's. The broker proves no tenant yet, so the DEVEUI claim's is carried (ingest.ts).
 * Locally scripts/local/iot-rules.ts subscribes on aedes and calls it with the same event.
 */
export const handler = async (event: unknown) => {
  const receivedAt = new Date().toISOString();
  const { result, raw, topicDevEui } = fromMqttRuleEvent(event, receivedAt);
  const outcome = await ingest(result, 'mqtt', raw, receivedAt, { claim: true, boundDevEui: topicDevEui });
  if (outcome.rejected) logger.warn('MQTT uplink rejected', { reason: outcome.rejected });
  return outcome;
};
