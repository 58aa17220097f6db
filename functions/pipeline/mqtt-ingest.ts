import { Logger } from '@aws-lambda-powertools/logger';
import { ingest } from '../lib/pipeline/ingest';
import { fromMqttJson } from '../lib/pipeline/ways-in';
import { bindToGatewayTopic, splitGatewayTopic } from '../lib/pipeline/ways-in/gateway-binding';

const logger = new Logger({ serviceName: 'pipeline-mqtt-ingest' });

/**
 * JSON tags publishing to `tracking/<DEVEUI>/uplink` and gateways publishing to
 * `tracking/<tenant id>/<DEVEUI>/uplink`: the IoT topic rules (`SELECT * FROM 'tracking/+/uplink'`, and the
 * gateway rule that adds the topic's tenant and DEVEUI) hand this function the message. Locally
 * scripts/local/iot-rules.ts subscribes inside aedes and calls it the same way.
 */
export const handler = async (event: unknown) => {
  const receivedAt = new Date().toISOString();
  const { body, topic } = splitGatewayTopic(event);
  const read = fromMqttJson(body, receivedAt);
  const result = topic ? await bindToGatewayTopic(read, topic) : read;
  const outcome = await ingest(result, 'mqtt', JSON.stringify(body), receivedAt);
  if (outcome.rejected) logger.warn('MQTT uplink rejected', { reason: outcome.rejected });
  return outcome;
};
