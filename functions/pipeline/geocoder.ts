import { Logger } from '@aws-lambda-powertools/logger';
import { assetRepository } from '../lib/assets/asset-repository';
import { systemTenantContext } from '../lib/data/system-context';
import type { TenantContext } from '../lib/data/tenant-context';
import { withEffects } from '../lib/effects/with-effects';
import { type GeocodeRequest, geocodeRequestSchema } from '../lib/geocoding/geocode-request';
import { writeAssetAddress, writeDeviceAddress, writeEventAddress } from '../lib/geocoding/geocode-writes';
import { configuredGeocoder, geocoderLanguage } from '../lib/geocoding/geocoder';
import { resolveAddress } from '../lib/geocoding/resolve-address';
import { liveAssetChanged } from '../lib/live/publisher';

const logger = new Logger({ serviceName: 'pipeline-geocoder' });

/** What the GeocodeRequested rule hands its Lambda target (the fields used here). */
export interface GeocodeRequestedEvent {
  id: string;
  'detail-type': string;
  detail: unknown;
}

/**
 * Target of the GeocodeRequested rule (infra/pipeline-rules.ts), off the processor's path: the address of
 * the fix through the cell cache (functions/lib/geocoding/), then onto the event, the device and the asset,
 * each write conditioned on the item still showing that fix. Every write is idempotent, so EventBridge's
 * at-least-once delivery and Lambda's retries (a provider that failed throws) do no harm. Works only in the
 * tenant the event carries, which the processor proved for the uplink.
 */
async function geocodeRequested(event: GeocodeRequestedEvent): Promise<void> {
  const parsed = geocodeRequestSchema.safeParse(event.detail);
  if (!parsed.success) {
    // Not retried: the same detail would fail again. Only the processor puts this event on the bus.
    logger.error('GeocodeRequested with a detail that is not a request', { eventId: event.id });
    return;
  }
  await geocode(parsed.data);
}

/** Traced; the address's live change leaves as it returns (functions/lib/effects/). */
export const handler = withEffects('eventbridge', geocodeRequested);

export async function geocode(request: GeocodeRequest) {
  const ctx = systemTenantContext(request.tenantId);
  const geocoder = configuredGeocoder();
  const { address, source } = await resolveAddress(geocoder, geocoderLanguage(), request.latitude, request.longitude);
  const [event, device, asset] = await Promise.all([
    address ? writeEventAddress(ctx, request, address) : false,
    writeDeviceAddress(ctx, request, address),
    address ? writeAssetAddress(ctx, request, address) : false,
  ]);
  logger.info('Geocoded', { provider: geocoder.provider, source, found: address !== null, event, asset, ...device });
  // Live push: an open asset panel shows the address; its change is announced once written.
  if (asset && request.assetId !== null) await announceAddress(ctx, request.assetId);
}

/** The asset as it now is, on the live channels (best effort: a failure never fails the geocoding). */
async function announceAddress(ctx: TenantContext, assetId: number) {
  const current = await assetRepository.get(ctx, assetId).catch(() => undefined);
  if (current) liveAssetChanged(ctx, undefined, current);
}
