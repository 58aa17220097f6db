import type {
  AssetProfileDefinitionRecord,
  AssetProfileRecord,
} from '../../functions/lib/asset-profiles/asset-profile-repository';
import type { AssetRecord } from '../../functions/lib/assets/asset-repository';
import type { AssetStatusRecord } from '../../functions/lib/assets/asset-status';
import type { ClientRecord } from '../../functions/lib/clients/client-repository';
import { connectivityAsOf } from '../../functions/lib/devices/connectivity';
import type { DeviceRecord } from '../../functions/lib/devices/device-repository';
import { heartbeatOf } from '../../functions/lib/devices/heartbeat';
import type { EventRecord } from '../../functions/lib/events/event-repository';
import type { GeocodedAddress } from '../../functions/lib/geocoding/geocode-writes';
import { offlineAddressAt } from '../../functions/lib/geocoding/offline-geocoder';
import type { GeocodedDevice } from '../../functions/lib/geocoding/pipeline-address';
import { normalizeScheduled } from '../../shared/schemas/asset';
import { cableSummaryOf } from '../../shared/schemas/asset-profile';
import type { AssetStatusValue } from '../../shared/schemas/asset-status';
import type { LastEvent } from '../../shared/schemas/event';
import { CABLE_LENGTHS, CABLE_REEL_TYPES, CABLE_TYPES, DEVICE_MODELS, DEVICE_NOTES } from './catalogue';
import { type Address, addressNear, type Site, type Zone, zoneAt } from './demo-places';
import { loanDayStateOf } from './loan-day-seed';
import type { Rng } from './prng';
import { generateTrack, type Stop } from './tracks';

/** One asset of the demo data with its tag, the tag's event history and its cable reel profile. */

const DAY = 86_400_000;
const HOUR = 3_600_000;

export interface AssetPlan {
  id: number;
  number: number;
  prefix: string;
  devEui: string;
  client: ClientRecord | null;
  site: Site | null;
  firstEventId: number;
  profileId: number;
}

interface AssetContext {
  zones: readonly Zone[];
  statuses: readonly AssetStatusRecord[];
  definition: AssetProfileDefinitionRecord;
  referenceDate: Date;
}

export interface BuiltAsset {
  asset: AssetRecord;
  device: DeviceRecord;
  events: EventRecord[];
  profile?: AssetProfileRecord;
}

function routeOf(rng: Rng, zones: readonly Zone[], home: Zone, site: Site | null): Stop[] {
  const others = zones.filter((zone) => zone !== home);
  const path = [home.stop];
  if (site) {
    if (others.length > 0 && rng.chance(0.2)) path.push(rng.pick(others).stop);
    path.push(site.stop);
    if (rng.chance(0.35)) path.push(home.stop);
  } else if (others.length > 0 && rng.chance(0.6)) {
    path.push(rng.pick(others).stop);
    if (rng.chance(0.5)) path.push(home.stop);
  }
  return path;
}

function statusOf(rng: Rng, lastType: string, atSite: boolean, hasClient: boolean): AssetStatusValue | null {
  if (lastType === 'moving' || lastType === 'start') return 'moving';
  if (hasClient && atSite)
    return rng.weighted([
      ['registered', 3],
      ['delivered', 4],
      ['send_delivered', 2],
    ] as const);
  if (hasClient)
    return rng.weighted([
      ['registered', 2],
      ['deregistered', 3],
      ['send_deregistered', 2],
    ] as const);
  return rng.weighted([
    ['deregistered', 2],
    ['registered', 1],
    [null, 2],
  ] as const);
}

/**
 * City, province and country as the local stack's offline geocoder answers for the position, so a
 * demo tag's next uplink near it shows the same place; street and postal code stay the demo's own (the
 * offline geocoder has none, Amazon Location and PDOK would).
 */
function asGeocoded(address: Address, point: { lat: number; lon: number }): Address {
  const offline = offlineAddressAt(point.lat, point.lon);
  return offline
    ? {
        ...address,
        city: offline.city ?? address.city,
        region: offline.region ?? address.region,
        country: offline.country ?? address.country,
      }
    : address;
}

/** Where the demo tag's address was worked out: its last position, as the geocoder would have left it. */
function geocodedOf(last: EventRecord): GeocodedAddress | undefined {
  if (last.latitude === null || last.longitude === null) return undefined;
  const { street, postal_code, city, region, country } = last;
  return {
    street,
    postal_code,
    city,
    region,
    country,
    latitude: last.latitude,
    longitude: last.longitude,
    accuracy: last.radius,
    at: last.date,
  };
}

const toLastEvent = (event: EventRecord): LastEvent => ({
  street: event.street,
  postal_code: event.postal_code,
  city: event.city,
  region: event.region,
  country: event.country,
  latitude: event.latitude,
  longitude: event.longitude,
  date: event.date,
  type: event.type,
  radius: event.radius,
  geo_zone: event.geo_zone,
});

export function buildAsset(rng: Rng, plan: AssetPlan, context: AssetContext): BuiltAsset {
  const ref = context.referenceDate.getTime();
  const { zones } = context;
  const home = rng.weighted(zones.map((zone, i) => [zone, i === 0 ? 3 : 1] as const));
  const assignedZone = rng.chance(0.85) ? home : null;
  const path = routeOf(rng, zones, home, plan.site);
  const silent = rng.chance(0.05);
  const points = generateTrack(rng, {
    path,
    start: new Date(ref - rng.between(15, 60) * DAY),
    end: new Date(ref - (silent ? rng.between(3, 12) * DAY : rng.between(0.3, 36) * HOUR)),
    endsMoving: path.length > 1 && rng.chance(0.08),
  });

  const code = `${plan.prefix.split(' ').pop() ?? ''}${plan.number}`;
  const name = `${plan.prefix}${plan.number}`;
  const deviceRef = { id: plan.id, name: `Tag ${code}` };
  const stopAddresses = new Map<Stop, Address>(zones.map((zone) => [zone.stop, zone.address]));
  if (plan.site) stopAddresses.set(plan.site.stop, plan.site.address);
  const events: EventRecord[] = points.map((point, i) => ({
    id: plan.firstEventId + i,
    device: deviceRef,
    asset: { id: plan.id },
    source: 'gnss',
    date: point.date.toISOString(),
    type: point.type,
    latitude: point.lat,
    longitude: point.lon,
    radius: point.radius,
    ...asGeocoded((point.stop && stopAddresses.get(point.stop)) || addressNear(rng, point), point),
    geo_zone: zoneAt(zones, point)?.ref ?? null,
  }));
  const last = events[events.length - 1] as EventRecord;
  const lastPoint = points[points.length - 1];

  // The state the pipeline would have left (loan-day-state.ts), counted up to the day before `ref` as the
  // daily job would have: a fresh demo's first midnight counts on from there.
  const state = loanDayStateOf(events, assignedZone?.ref.id ?? null, context.referenceDate);
  const statusValue = statusOf(rng, last.type, !!plan.site && lastPoint?.stop === plan.site.stop, !!plan.client);
  const status = context.statuses.find((entry) => entry.status === statusValue);

  let profile: AssetProfileRecord | undefined;
  let cableLength: number | null = null;
  let description: string | null = null;
  if (rng.chance(0.8)) {
    const reel = rng.int(1, CABLE_REEL_TYPES.length);
    const cable = rng.int(1, CABLE_TYPES.length);
    cableLength = rng.pick(CABLE_LENGTHS);
    const residual = Math.round((cableLength * rng.between(0.05, 1)) / 5) * 5;
    profile = {
      id: plan.profileId,
      version: 1,
      name: context.definition.name,
      type: context.definition.type,
      asset_id: plan.id,
      definition_id: context.definition.id,
      data: [
        { name: 'cable_reel', value: reel },
        { name: 'cable', value: cable },
        { name: 'cable_length', value: cableLength },
        { name: 'residual_length', value: residual },
      ],
    };
    if (rng.chance(0.6)) {
      description = `${CABLE_REEL_TYPES[reel - 1]?.name} met ${CABLE_TYPES[cable - 1]?.name}, ${cableLength} m`;
    }
  }

  const geocoded = geocodedOf(last);
  const device: GeocodedDevice = {
    ...(geocoded ? { geocoded } : {}),
    id: plan.id,
    version: 1,
    logical_id: 5000 + plan.id,
    name: deviceRef.name,
    model: rng.weighted(DEVICE_MODELS),
    notes: rng.chance(0.15) ? rng.pick(DEVICE_NOTES) : null,
    dev_eui: plan.devEui,
    barcode: `KPN${rng.digits(10)}`,
    asset: { id: plan.id, name },
    activation_date: new Date(Date.parse((events[0] as EventRecord).date) - rng.between(5, 300) * DAY).toISOString(),
    last_event: toLastEvent(last),
    is_sabotaged: rng.chance(0.05),
    battery_level_low: rng.chance(0.08),
    device_profiles: [],
    // What the pipeline and the silent-tag job would have stored by the reference date (no random draw).
    ...connectivityAsOf(last.date, heartbeatOf(), context.referenceDate),
  };
  // The demo's tags sit on their asset from activation on: all their history is the asset's.
  device.asset_since = device.activation_date;

  const year = context.referenceDate.getUTCFullYear();
  const reference = rng.weighted([
    [`PRJ-${year}-${rng.digits(4)}`, 3],
    [`ORD-${rng.digits(6)}`, 1],
    [null, 1],
  ] as const);
  const scheduled =
    plan.client && rng.chance(0.35)
      ? normalizeScheduled(new Date(ref + rng.int(-7, 45) * DAY).toISOString().slice(0, 10))
      : null;

  const asset: AssetRecord = {
    id: plan.id,
    version: 1,
    logical_id: plan.number,
    name,
    reference,
    description,
    devices: [
      {
        id: device.id,
        name: device.name,
        dev_eui: device.dev_eui,
        is_sabotaged: device.is_sabotaged,
        battery_level_low: device.battery_level_low,
        ...(device.connectivity === 'silent' ? { is_silent: true } : {}),
      },
    ],
    street: last.street,
    postalCode: last.postal_code,
    city: last.city,
    region: last.region,
    country: last.country,
    days_still: state.daysStill,
    lastCommunication: last.date,
    lastLocationUpdate: last.date,
    geo_zone: assignedZone?.ref ?? null,
    client: plan.client ? { id: plan.client.id, company: plan.client.company } : null,
    scheduled,
    asset_profile_relations: profile ? [`/api/asset-profiles/${profile.id}`] : [],
    asset_profile_definitions: profile
      ? [{ id: context.definition.id, name: context.definition.name, type: context.definition.type }]
      : [],
    days_outside_geo_zone: state.daysOutside,
    status: status ? { id: status.id, status: status.status } : null,
    last_event: toLastEvent(last),
    attachments: [],
    cable_length: cableLength,
    cable_summary: profile ? cableSummaryOf(profile.data, context.definition) : null,
    ...state.attributes,
  };
  return { asset, device, events, ...(profile ? { profile } : {}) };
}
