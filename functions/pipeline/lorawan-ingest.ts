import { Logger } from '@aws-lambda-powertools/logger';
import { withEffects } from '../lib/effects/with-effects';
import { ingest } from '../lib/pipeline/ingest';
import { fromLorawanUplink } from '../lib/pipeline/ways-in';

const logger = new Logger({ serviceName: 'pipeline-lorawan-ingest' });

/**
 * AWS IoT Core for LoRaWAN: the destination's topic rule hands this function the uplink JSON
 * (WirelessDeviceId, PayloadData, WirelessMetadata.LoRaWAN). Locally scripts/local/iot-rules.ts does the same
 * for JSON published on the LoRaWAN uplink topic. One uplink per message, its DevEui the network server's
 * (checked by the frame's MIC); the tenant is the DEVEUI claim's (ingest.ts), as no credential names one.
 */
export const handler = withEffects('iot-rule', async (event: unknown) => {
  const receivedAt = new Date().toISOString();
  const result = fromLorawanUplink(event, receivedAt);
  const outcome = await ingest(result, 'lorawan', JSON.stringify(event), receivedAt, { claim: true });
  if (outcome.rejected) logger.warn('LoRaWAN uplink rejected', { reason: outcome.rejected });
  return outcome;
});
