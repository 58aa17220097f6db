import type { AssetStatusValue } from '../../../../shared/schemas/asset-status';
import type { EventType, LastEvent } from '../../../../shared/schemas/event';
import { type AssetRecord, hasPosition } from '../../assets/asset-repository';
import { type ConnectivityAttributes, connectivityAfterUplink } from '../../devices/connectivity';
import type { DeviceRecord } from '../../devices/device-repository';
import { type Heartbeat, heartbeatOf } from '../../devices/heartbeat';
import type { EventRecord } from '../../events/event-repository';
import type { GeocodeRequest } from '../../geocoding/geocode-request';
import { pipelineAddress } from '../../geocoding/pipeline-address';
import { nextRest, type RestPosition } from '../../loan-days/loan-day-state';
import { type AfterHoursRule, afterHoursEffects, provesMove } from '../after-hours';
import { type BatteryRule, batteryLowOf } from '../battery';
import type {
  AlarmRaised,
  DecodedPayload,
  Fix,
  NormalizedUplink,
  ZoneMembership,
  ZoneObservation,
  ZoneShape,
} from '../contracts';
import type { ZonePresence } from '../geofence/zone-presence';
import type { PositionScreen } from '../position-rule';
import { pipelineEventId } from './event-id';
import { type OutlierMark, outlierMarkOf, trackChanges } from './fix-effects';
import { alarmOf } from './uplink-alarm';
import { type AssetSite, type VisitEffects, type VisitZones, visitEffects } from './visit-effects';

/**
 * What one accepted uplink changes, computed without I/O (the processor writes it: processor/apply.ts).
 * Only attributes whose value changes are listed, so the writes touch nothing else (docs/decisions/0176): no
 * sort index key of the asset ever (the map index only when the asset gains or loses its position), the device
 * summaries only when a flag flips.
 */

/** What the processor needs of the tenant's zones (the geofence module's ZoneIndex behind it). */
export interface ZoneLookup {
  zoneOf(longitude: number, latitude: number): ZoneShape | null | undefined;
  /** The asset's own zone against a fix, accuracy-aware. */
  observe(zoneId: number, fix: Fix): ZoneObservation;
  /** Hysteresis (geofence/hysteresis.ts): `changed` only on a confirmed switch between two known sides. */
  nextMembership(
    previous: ZoneMembership,
    observation: ZoneObservation,
  ): { membership: ZoneMembership; changed: 'entered' | 'left' | null };
  /** Every zone of the tenant, for zone visits; without it the processor keeps no visits. */
  visits?: VisitZones;
}

/** The asset as stored, with the pipeline's own attribute (not part of the API shape's contract). */
export type PipelineAsset = AssetRecord & {
  zone_membership?: ZoneMembership;
  rest_position?: RestPosition;
  zone_presence?: ZonePresence;
  site?: AssetSite;
  /** Moved outside working hours: per rule id the open episode's last move (after-hours.ts). */
  after_hours?: Record<string, string>;
};

export interface UplinkInput {
  tenantId: string;
  uplink: NormalizedUplink;
  /** The payload decoded and merged with the way in's own fields. */
  decoded: DecodedPayload;
  /** Why part of the uplink was not used (payload not decoded, position dropped): kept on the event. */
  warnings?: string[];
  /** The position screen's verdict: dropped fixes, the device's fix track, an outvoted fix. */
  screen?: PositionScreen;
  device: DeviceRecord;
  asset?: PipelineAsset;
  zones?: ZoneLookup;
  /** The tenant's status entries for the two values the pipeline sets. */
  statuses: Partial<Record<'moving' | 'registered', { id: number; status: AssetStatusValue }>>;
  /** The device profile's battery unit and thresholds (battery.ts); the built-in 3.3 / 3.4 V without one. */
  battery?: BatteryRule;
  /** The device's profile heartbeat (devices/heartbeat.ts); absent: the built-in profiles'. */
  heartbeat?: Heartbeat;
  /** The tenant's "moved outside working hours" rules (type 10); none: nothing is kept for them. */
  afterHours?: readonly AfterHoursRule[];
}

export interface UplinkEffects {
  event: EventRecord;
  /** False when the uplink is older than (or as old as) the stored last event: history only, no state. */
  advancesState: boolean;
  device: Partial<
    Pick<DeviceRecord, 'last_event' | 'is_sabotaged' | 'battery_level_low' | 'last_fix' | 'suspect_fix'>
  > &
    ConnectivityAttributes;
  asset?: {
    set: Partial<
      Pick<PipelineAsset, 'last_event' | 'lastCommunication' | 'lastLocationUpdate' | 'days_still' | 'status'> & {
        zone_membership: ZoneMembership;
        rest_position: RestPosition;
        zone_presence: NonNullable<VisitEffects['presence']>;
        site: AssetSite;
        after_hours: Record<string, string>;
      }
    >;
    /** Attributes to remove (the asset's `site` when its last open visit closed). */
    remove?: 'site'[];
    /** Zone visits opened or closed by this fix: one write each (processor/apply.ts). */
    visits?: VisitEffects['visits'];
    /** The asset's summary of this device (index in `devices`), when a flag flipped (or it was silent). */
    summary?: { index: number; is_sabotaged: boolean; battery_level_low: boolean; is_silent?: false };
    /** The asset enters or leaves the map index (gsi7): only when it gains or loses its position. */
    mapIndex?: 'add' | 'remove';
  };
  alarms: AlarmRaised[];
  /** The fix moved beyond its accuracy from the last geocoded position: published after the writes. */
  geocode?: GeocodeRequest;
  /** The device's last accepted fix was outvoted by this one: its event is marked (fix-effects.ts). */
  outlier?: OutlierMark;
}

/** How the tag's event type moves the asset's status (docs/decisions/0179). */
const STATUS_OF_EVENT: Partial<Record<EventType, 'moving' | 'registered'>> = {
  start: 'moving',
  moving: 'moving',
  still: 'registered',
  stopped: 'registered',
};
/** The pipeline never overrides a status a person set (delivered, signed off, reported as such). */
const PIPELINE_STATUSES: readonly (AssetStatusValue | undefined)[] = [undefined, 'registered', 'moving'];

const isNewer = (date: string, last: LastEvent | null | undefined) => !last || Date.parse(date) > Date.parse(last.date);

function lastEventOf(input: UplinkInput, fix: Fix | undefined, type: EventType): LastEvent {
  const zone = fix ? input.zones?.zoneOf(fix.longitude, fix.latitude) : undefined;
  const previous = input.device.last_event;
  return {
    // The address is the geocoder's, written after the processor (geocoding/pipeline-address.ts).
    ...pipelineAddress(input.device, fix, previous).address,
    // Without a fix the tag is where it was last seen: the marker stays, lastLocationUpdate does not move.
    latitude: fix ? fix.latitude : (previous?.latitude ?? null),
    longitude: fix ? fix.longitude : (previous?.longitude ?? null),
    date: new Date(input.uplink.measuredAt).toISOString(),
    type,
    radius: fix ? (fix.accuracy ?? null) : (previous?.radius ?? null),
    geo_zone: fix ? (zone ? { id: zone.id, name: zone.name } : null) : (previous?.geo_zone ?? null),
  };
}

export function uplinkEffects(input: UplinkInput): UplinkEffects {
  const { uplink, decoded, device, asset } = input;
  const fix = decoded.fix ?? uplink.networkFix;
  const type: EventType = decoded.eventType ?? 'intervalBased';
  const lastEvent = lastEventOf(input, fix, type);
  const event: EventRecord = {
    ...lastEvent,
    // The event row shows this uplink's own position only.
    latitude: fix?.latitude ?? null,
    longitude: fix?.longitude ?? null,
    radius: fix?.accuracy ?? null,
    geo_zone: fix ? lastEvent.geo_zone : null,
    id: pipelineEventId(uplink),
    device: { id: device.id, name: device.name },
    asset: asset ? { id: asset.id } : null,
    source: fix?.source ?? null,
    ...(input.warnings?.length ? { warnings: input.warnings } : {}),
    ...(input.screen?.dropped.length ? { dropped: input.screen.dropped } : {}),
  };
  const effects: UplinkEffects = {
    event,
    advancesState: isNewer(lastEvent.date, device.last_event),
    device: {},
    alarms: [],
  };
  if (fix && pipelineAddress(device, fix, device.last_event).geocode)
    effects.geocode = {
      tenantId: input.tenantId,
      deviceId: device.id,
      assetId: asset?.id ?? null,
      eventId: event.id,
      date: event.date,
      latitude: fix.latitude,
      longitude: fix.longitude,
      accuracy: fix.accuracy ?? null,
    };
  if (!effects.advancesState) return effects;

  // Sabotage latches (spec 000: "A sabotaged device becomes clear with Reset alarm"): a later uplink without the
  // flag does not clear it, so the alarm is not raised again until a person reset it. Battery follows the tag.
  const sabotaged = decoded.sabotaged === true || device.is_sabotaged;
  // The tag's own flag wins; a voltage alone goes through the hysteresis (battery.ts).
  const batteryLow =
    decoded.batteryLow ?? batteryLowOf(decoded, device.battery_level_low, input.battery) ?? device.battery_level_low;
  effects.device.last_event = lastEvent;
  Object.assign(effects.device, trackChanges(input.screen, device, event.id));
  const outlier = outlierMarkOf(input.screen, device.id);
  if (outlier) effects.outlier = outlier;
  // Heard from: online (again), due to turn late later; rides in the device's own update (devices/connectivity.ts).
  Object.assign(effects.device, connectivityAfterUplink(uplink.receivedAt, input.heartbeat ?? heartbeatOf(), device));
  if (sabotaged !== device.is_sabotaged) effects.device.is_sabotaged = sabotaged;
  if (batteryLow !== device.battery_level_low) effects.device.battery_level_low = batteryLow;
  const alarm = alarmOf(input, lastEvent);
  if (sabotaged && !device.is_sabotaged) effects.alarms.push(alarm(0, null));
  if (batteryLow && !device.battery_level_low) effects.alarms.push(alarm(2, null));
  if (asset && isNewer(lastEvent.date, asset.last_event)) assetEffects(input, effects, fix, lastEvent, alarm);
  return effects;
}

function assetEffects(
  input: UplinkInput,
  effects: UplinkEffects,
  fix: Fix | undefined,
  lastEvent: LastEvent,
  alarm: ReturnType<typeof alarmOf>,
) {
  const asset = input.asset as PipelineAsset;
  const set: NonNullable<UplinkEffects['asset']>['set'] = {
    last_event: lastEvent,
    lastCommunication: new Date(input.uplink.receivedAt).toISOString(),
  };
  if (fix) set.lastLocationUpdate = lastEvent.date;
  const wanted = STATUS_OF_EVENT[lastEvent.type];
  const entry = wanted ? input.statuses[wanted] : undefined;
  if (entry && PIPELINE_STATUSES.includes(asset.status?.status) && asset.status?.id !== entry.id)
    set.status = { id: entry.id, status: entry.status };
  if (fix) restEffects(asset, set, fix, lastEvent.date);
  afterHoursOf(input, asset, set, fix, lastEvent, effects, alarm);
  effects.asset = { set };
  if (hasPosition(lastEvent) !== hasPosition(asset.last_event))
    effects.asset.mapIndex = hasPosition(lastEvent) ? 'add' : 'remove';

  const index = asset.devices.findIndex((summary) => summary.id === input.device.id);
  const summary = asset.devices[index];
  const sabotaged = effects.device.is_sabotaged ?? input.device.is_sabotaged;
  const batteryLow = effects.device.battery_level_low ?? input.device.battery_level_low;
  const wasSilent = summary?.is_silent === true;
  if (summary && (summary.is_sabotaged !== sabotaged || summary.battery_level_low !== batteryLow || wasSilent))
    effects.asset.summary = {
      index,
      is_sabotaged: sabotaged,
      battery_level_low: batteryLow,
      // The silent-tag job marked the summary; the uplink clears it in the same asset write.
      ...(wasSilent ? { is_silent: false as const } : {}),
    };

  if (fix && input.zones?.visits)
    applyVisitEffects(effects.asset, visitEffects(asset, input.zones.visits, fix, lastEvent.date));

  const ownZone = asset.geo_zone;
  if (!ownZone || !fix || !input.zones) return;
  const stored = asset.zone_membership;
  // A state about another zone (written by an uplink that read the asset before its zone was changed) is
  // unknown for this one: no "left" from a zone the asset was never in (docs/geofencing.md).
  const sameZone = stored !== undefined && (stored.zoneId ?? ownZone.id) === ownZone.id;
  const previous: ZoneMembership = sameZone ? stored : { state: 'unknown', pending: 0 };
  const step = input.zones.nextMembership(previous, input.zones.observe(ownZone.id, fix));
  const next: ZoneMembership = { state: step.membership.state, pending: step.membership.pending, zoneId: ownZone.id };
  // `since`: when it went outside (the loan-day job counts a day only when it was outside at the day's end).
  const since = previous.state === 'outside' ? previous.since : lastEvent.date;
  if (next.state === 'outside' && since) next.since = since;
  if (!sameZone || next.state !== previous.state || next.pending !== previous.pending) set.zone_membership = next;
  if (step.changed === 'left') effects.alarms.push(alarm(1, { id: ownZone.id, name: ownZone.name }));
}

/** Moved outside working hours: each rule's episode on the asset, and its alarm once per episode. */
function afterHoursOf(
  input: UplinkInput,
  asset: PipelineAsset,
  set: NonNullable<UplinkEffects['asset']>['set'],
  fix: Fix | undefined,
  lastEvent: LastEvent,
  effects: UplinkEffects,
  alarm: ReturnType<typeof alarmOf>,
) {
  const rules = input.afterHours ?? [];
  if (rules.length === 0 && !asset.after_hours) return;
  // Without a rest position (its tags were swapped, or this is the first fix) the last position is no evidence of
  // where this tag stood: a new tag's first fix elsewhere is no move (loan-day-state.ts, geofenceStateAfterEdit).
  const previous = asset.rest_position ? asset.last_event : undefined;
  const moved = (rule: AfterHoursRule) => provesMove(previous, fix, rule.move_distance);
  const { episodes, raised, changed } = afterHoursEffects(rules, asset.after_hours, lastEvent.date, moved);
  if (changed) set.after_hours = episodes;
  for (const ruleId of raised) effects.alarms.push({ ...alarm(10, lastEvent.geo_zone ?? null), ruleId });
}

/** Presence and site ride in the asset's own update; the visits are written beside it. */
function applyVisitEffects(target: NonNullable<UplinkEffects['asset']>, visits: VisitEffects) {
  if (visits.presence) target.set.zone_presence = visits.presence;
  if (visits.site) target.set.site = visits.site;
  if (visits.site === null) target.remove = ['site'];
  if (visits.visits.length > 0) target.visits = visits.visits;
}

/** Days still: a fix that proves a move puts the counter back to 0 (loan-days/loan-day-state.ts, `nextRest`). */
function restEffects(asset: PipelineAsset, set: NonNullable<UplinkEffects['asset']>['set'], fix: Fix, at: string) {
  const step = nextRest(asset.rest_position, fix, at);
  if (step.rest !== asset.rest_position) set.rest_position = step.rest;
  if ((step.moved || !asset.rest_position) && asset.days_still !== 0) set.days_still = 0;
}
