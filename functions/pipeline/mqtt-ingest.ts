import { Logger } from '@aws-lambda-powertools/logger';
import { ingest } from '../lib/pipeline/ingest';
import { fromMqttJson } from '../lib/pipeline/ways-in';

const logger = new Logger({ serviceName: 'pipeline-mqtt-ingest' });

/**
 * JSON tags and gateways publishing to `tracking/<DEVEUI>/uplink`: the IoT topic rule (`SELECT * FROM
 * 'tracking/+/uplink'`) hands this function the message. Locally scripts/local/iot-rules.ts subscribes on
 * aedes and calls it the same way.
 */
export const handler = async (event: unknown) => {
  const receivedAt = new Date().toISOString();
  const outcome = await ingest(fromMqttJson(event, receivedAt), 'mqtt', JSON.stringify(event), receivedAt);
  if (outcome.rejected) logger.warn('MQTT uplink rejected', { reason: outcome.rejected });
  return outcome;
};
