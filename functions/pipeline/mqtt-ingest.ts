import { Logger } from '@aws-lambda-powertools/logger';
import { makeTenantContext } from '../lib/data/tenant-context';
import { withEffects } from '../lib/effects/with-effects';
import { ingest, type TenantProof } from '../lib/pipeline/ingest';
import { fromMqttRuleEvent } from '../lib/pipeline/ways-in';

const logger = new Logger({ serviceName: 'pipeline-mqtt-ingest' });

/**
 * JSON tags publishing to `tracking/<DEVEUI>/uplink` and gateways publishing to
 * `tracking/<tenant id>/<DEVEUI>/uplink`: the IoT topic rules (MQTT_UPLINK_RULE_SQL and GATEWAY_UPLINK_RULE_SQL
 * in functions/lib/pipeline/topics.ts) hand this function the message, base64, with the topic's levels; every
 * uplink in it must be the topic's tag. A gateway's topic proves its tenant (its IoT policy allows only its
 * thing's tenant attribute there), so that tenant is carried and the processor refuses another tenant's tag;
 * a tag's own topic proves only the DEVEUI (the device thing's name), so the DEVEUI claim's tenant is carried.
 * Locally scripts/local/iot-rules.ts subscribes inside aedes and calls it with the same events.
 */
export const handler = withEffects('iot-rule', async (event: unknown) => {
  const receivedAt = new Date().toISOString();
  const { result, raw, topicDevEui, gatewayTenant } = fromMqttRuleEvent(event, receivedAt);
  const proof: TenantProof =
    gatewayTenant !== undefined && /^\d+$/.test(gatewayTenant)
      ? { proved: makeTenantContext(gatewayTenant) }
      : { claim: true, boundDevEui: topicDevEui };
  const outcome = await ingest(result, 'mqtt', raw, receivedAt, proof);
  if (outcome.rejected) logger.warn('MQTT uplink rejected', { reason: outcome.rejected });
  return outcome;
});
