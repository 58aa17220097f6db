import type { TenantContext } from '../../functions/lib/data/tenant-context';
import type { ZoneShape } from '../../functions/lib/pipeline/contracts';
import { ZoneIndex } from '../../functions/lib/pipeline/geofence';
import type { PipelineAsset } from '../../functions/lib/pipeline/processor/uplink-effects';
import { visitEffects } from '../../functions/lib/pipeline/processor/visit-effects';
import { type VisitRecord, visitItem } from '../../functions/lib/visits/visit-keys';
import { parseGeoZoneGeometry } from '../../shared/schemas/geo-zone';
import { DEFAULT_RETENTION } from '../../shared/schemas/retention';
import type { DemoDataset } from './demo-data';

/**
 * Zone visits of the demo data: each asset's seeded events folded through the processor's own visit
 * effects in time order, so the seed holds the visits, `zone_presence` and `site` the pipeline would have left
 * (the same two-fix hysteresis; a seeded track rests well inside or outside its zones). Mutates the asset
 * records (before they are written) and answers the visit items to write.
 */
export function seededVisits(ctx: TenantContext, data: DemoDataset): Record<string, unknown>[] {
  const shapes: ZoneShape[] = [];
  for (const zone of data.zones) {
    const geometry = parseGeoZoneGeometry(zone.geometry);
    if (geometry) shapes.push({ id: zone.id, name: zone.name ?? null, geometry });
  }
  const index = ZoneIndex.build(shapes);
  const zones = {
    zonesNear: (lon: number, lat: number, accuracy: number) => index.zonesNear(lon, lat, accuracy),
    has: (id: number) => index.has(id),
    observe: index.observe.bind(index),
    zone: (id: number) => index.zone(id),
  };
  const assetOfDevice = new Map(data.devices.map((device) => [device.id, device.asset?.id]));
  const assets = new Map<number, PipelineAsset>(data.assets.map((asset) => [asset.id, asset as PipelineAsset]));
  const visits = new Map<string, VisitRecord>();
  const events = [...data.events].sort((a, b) => a.date.localeCompare(b.date));
  for (const event of events) {
    const asset = assets.get(assetOfDevice.get(event.device.id) ?? 0);
    if (!asset || event.latitude === null || event.longitude === null) continue;
    const fix = { latitude: event.latitude, longitude: event.longitude, accuracy: event.radius ?? undefined };
    const step = visitEffects(asset, zones, { ...fix, source: 'gnss' }, event.date);
    if (step.presence) asset.zone_presence = step.presence;
    if (step.site) asset.site = step.site;
    if (step.site === null) delete asset.site;
    // A departure replaces its arrival: one item per visit, as the arrival's Put and departure's Update leave it.
    for (const visit of step.visits) visits.set(`${visit.assetId}|${visit.zoneId}|${visit.arrivedAt}`, visit);
  }
  return [...visits.values()].map((visit) => visitItem(ctx, visit, DEFAULT_RETENTION.zoneVisitDays));
}
