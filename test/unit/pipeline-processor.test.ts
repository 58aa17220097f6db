import type { DeviceRecord } from '../../functions/lib/devices/device-repository';
import type { NormalizedUplink } from '../../functions/lib/pipeline/contracts';
import { nextMembership, ZoneIndex } from '../../functions/lib/pipeline/geofence';
import { pipelineEventId } from '../../functions/lib/pipeline/processor/event-id';
import {
  type PipelineAsset,
  type UplinkInput,
  uplinkEffects,
  type ZoneLookup,
} from '../../functions/lib/pipeline/processor/uplink-effects';
import { deduplicationIdOf } from '../../functions/lib/pipeline/queue/uplink-queue';
import { thingsMessageToken, thingsTokenMatches } from '../../functions/lib/pipeline/things-token';

/** The processor's pure part: what one uplink changes (functions/lib/pipeline/processor/uplink-effects.ts). */
const CENTRE = { latitude: 52.0, longitude: 5.0 };
const index = ZoneIndex.build([
  { id: 7, name: 'Yard', geometry: { type: 'Point', coordinates: [CENTRE.longitude, CENTRE.latitude], radius: 500 } },
]);
const zones: ZoneLookup = {
  zoneOf: (lon, lat) => index.zoneOf(lon, lat),
  observe: (id, fix) => index.observe(id, fix),
  nextMembership: (prev, obs) => nextMembership(prev, obs),
};
const STATUSES: UplinkInput['statuses'] = {
  moving: { id: 2, status: 'moving' },
  registered: { id: 1, status: 'registered' },
};
const INSIDE = {
  latitude: CENTRE.latitude + 0.001,
  longitude: CENTRE.longitude,
  accuracy: 10,
  source: 'gnss' as const,
};
const OUTSIDE = {
  latitude: CENTRE.latitude + 0.02,
  longitude: CENTRE.longitude,
  accuracy: 10,
  source: 'gnss' as const,
};

const REST = { latitude: INSIDE.latitude, longitude: INSIDE.longitude, radius: 10 };

const lastEvent = (date: string, fix = INSIDE) => ({
  street: null,
  postal_code: null,
  city: null,
  region: null,
  country: null,
  latitude: fix.latitude,
  longitude: fix.longitude,
  date,
  type: 'still' as const,
  radius: fix.accuracy,
  geo_zone: { id: 7, name: 'Yard' },
});

function state(overrides: Partial<DeviceRecord> = {}, assetOverrides: Partial<PipelineAsset> = {}) {
  const device = {
    id: 11,
    name: 'Tag 11',
    dev_eui: 'A41163C212345678',
    is_sabotaged: false,
    battery_level_low: false,
    last_event: lastEvent('2026-11-23T09:00:00.000Z'),
    ...overrides,
  } as DeviceRecord;
  const asset = {
    id: 5,
    name: 'Drum 5',
    devices: [{ id: 11, name: 'Tag 11', dev_eui: device.dev_eui, is_sabotaged: false, battery_level_low: false }],
    geo_zone: { id: 7, name: 'Yard' },
    status: { id: 1, status: 'registered' },
    days_still: 3,
    last_event: lastEvent('2026-11-23T09:00:00.000Z'),
    zone_membership: { state: 'inside', pending: 0, zoneId: 7 },
    rest_position: { ...REST, since: '2026-11-20T09:00:00.000Z' },
    ...assetOverrides,
  } as PipelineAsset;
  return { device, asset };
}

const uplink = (measuredAt: string): NormalizedUplink => ({
  tenant: '1',
  devEui: 'A41163C212345678',
  source: 'mqtt',
  measuredAt,
  receivedAt: '2026-11-23T10:30:00.000Z',
});

const run = (at: string, decoded: UplinkInput['decoded'], s = state()) =>
  uplinkEffects({ tenantId: '1', uplink: uplink(at), decoded, ...s, zones, statuses: STATUSES });

describe('uplink effects', () => {
  it('a position inside the same zone changes only the last-event attributes: no marker, summary or alarm', () => {
    const effects = run('2026-11-23T10:00:00Z', { eventType: 'still', fix: INSIDE });
    expect(effects.advancesState).toBe(true);
    // The last event and the connectivity the uplink renews (devices/connectivity.ts): one device write still.
    expect(Object.keys(effects.device).sort()).toEqual([
      'connectivity',
      'connectivity_since',
      'heard_at',
      'last_event',
      'late_at',
      'silent_at',
    ]);
    expect(Object.keys(effects.asset?.set ?? {}).sort()).toEqual([
      'lastCommunication',
      'lastLocationUpdate',
      'last_event',
    ]);
    expect(effects.asset?.set.last_event?.geo_zone).toEqual({ id: 7, name: 'Yard' });
    expect(effects.asset?.summary).toBeUndefined();
    expect(effects.asset?.mapIndex).toBeUndefined();
    expect(effects.alarms).toEqual([]);
    expect(effects.event).toMatchObject({ date: '2026-11-23T10:00:00.000Z', type: 'still', device: { id: 11 } });
  });

  it('makes a late or silent tag online again from the receipt time, and clears the asset’s silent mark', () => {
    const silent = state(
      { connectivity: 'silent', connectivity_since: '2026-11-22T00:00:00.000Z', heard_at: '2026-11-20T10:00:00.000Z' },
      {
        devices: [
          {
            id: 11,
            name: 'Tag 11',
            dev_eui: 'A41163C212345678',
            is_sabotaged: false,
            battery_level_low: false,
            is_silent: true,
          },
        ],
      },
    );
    const effects = run('2026-11-23T10:00:00Z', { eventType: 'still', fix: INSIDE }, silent);
    // Judged from our receipt (10:30), not the tag's measuredAt; late after 1.5 × 12 h, silent after 3 × 12 h.
    expect(effects.device).toMatchObject({
      connectivity: 'online',
      connectivity_since: '2026-11-23T10:30:00.000Z',
      heard_at: '2026-11-23T10:30:00.000Z',
      late_at: '2026-11-24T04:30:00.000Z',
      silent_at: '2026-11-24T22:30:00.000Z',
    });
    expect(effects.asset?.summary).toEqual({
      index: 0,
      is_sabotaged: false,
      battery_level_low: false,
      is_silent: false,
    });
    // A profile's heartbeat when the processor has one (the device profile's heartbeat wiring).
    const hourly = uplinkEffects({
      tenantId: '1',
      uplink: uplink('2026-11-23T10:00:00Z'),
      decoded: {},
      ...state(),
      zones,
      statuses: STATUSES,
      heartbeat: { intervalMs: 3_600_000, silentAfter: 2 },
    });
    expect(hourly.device).toMatchObject({ late_at: '2026-11-23T12:00:00.000Z', silent_at: '2026-11-23T12:30:00.000Z' });
  });

  it('an uplink older than the stored last event is history only', () => {
    const effects = run('2026-11-23T08:00:00Z', { eventType: 'moving', fix: OUTSIDE, sabotaged: true });
    expect(effects.advancesState).toBe(false);
    expect(effects.device).toEqual({});
    expect(effects.asset).toBeUndefined();
    expect(effects.alarms).toEqual([]);
    expect(effects.event.latitude).toBe(OUTSIDE.latitude);
  });

  it('raises sabotage and battery alarms once, on the change, and keeps the asset summary in step', () => {
    const effects = run('2026-11-23T10:00:00Z', { sabotaged: true, batteryLow: true, fix: INSIDE });
    expect(effects.device).toMatchObject({ is_sabotaged: true, battery_level_low: true });
    expect(effects.asset?.summary).toEqual({ index: 0, is_sabotaged: true, battery_level_low: true });
    expect(effects.alarms.map((a) => a.kind)).toEqual([0, 2]);
    expect(effects.alarms[0]).toMatchObject({
      tenantId: '1',
      assetId: 5,
      deviceId: 11,
      at: '2026-11-23T10:00:00.000Z',
    });
    const still = state({ is_sabotaged: true, battery_level_low: true });
    const again = run('2026-11-23T10:05:00Z', { sabotaged: true, batteryLow: true, fix: INSIDE }, still);
    expect(again.alarms).toEqual([]);
    expect(again.device.is_sabotaged).toBeUndefined();
    // An uplink without the flag does not clear it: only Reset alarm does; the battery follows the tag.
    const quiet = run('2026-11-23T10:10:00Z', { sabotaged: false, batteryLow: false, fix: INSIDE }, still);
    expect(quiet.device.is_sabotaged).toBeUndefined();
    expect(quiet.device.battery_level_low).toBe(false);
    const reset = state({ is_sabotaged: false, battery_level_low: false });
    expect(run('2026-11-23T10:15:00Z', { sabotaged: true, fix: INSIDE }, reset).alarms.map((a) => a.kind)).toEqual([0]);
  });

  it('leaves the zone after two confirming fixes: one alarm, outside since the confirming fix; back inside', () => {
    const first = run('2026-11-23T10:00:00Z', { eventType: 'moving', fix: OUTSIDE });
    expect(first.asset?.set.zone_membership).toEqual({ state: 'inside', pending: 1, zoneId: 7 });
    expect(first.alarms).toEqual([]);
    const pending = state({}, { zone_membership: { state: 'inside', pending: 1, zoneId: 7 } });
    const second = run('2026-11-23T10:05:00Z', { eventType: 'moving', fix: OUTSIDE }, pending);
    expect(second.asset?.set.zone_membership).toEqual({
      state: 'outside',
      pending: 0,
      zoneId: 7,
      since: '2026-11-23T10:05:00.000Z',
    });
    expect(second.alarms).toEqual([expect.objectContaining({ kind: 1, zoneId: 7, zoneName: 'Yard' })]);
    expect(second.asset?.set.last_event?.geo_zone).toBeNull();
    // Staying outside keeps the time it left.
    const away = { state: 'outside' as const, pending: 0, zoneId: 7, since: '2026-11-23T10:05:00.000Z' };
    const third = run(
      '2026-11-23T10:08:00Z',
      { eventType: 'moving', fix: OUTSIDE },
      state({}, { zone_membership: away }),
    );
    expect(third.asset?.set.zone_membership).toBeUndefined();
    const outside = state({}, { zone_membership: { ...away, pending: 1 } });
    const back = run('2026-11-23T10:10:00Z', { eventType: 'still', fix: INSIDE }, outside);
    expect(back.asset?.set.zone_membership).toEqual({ state: 'inside', pending: 0, zoneId: 7 });
    expect(back.alarms).toEqual([]);
  });

  it('takes a state about another zone as unknown: the first fix sets the state, no "left" alarm', () => {
    // Written by an uplink that read the asset before a person gave it zone 7 instead of zone 99.
    const other = state({}, { zone_membership: { state: 'inside', pending: 1, zoneId: 99 } });
    const first = run('2026-11-23T10:00:00Z', { eventType: 'moving', fix: OUTSIDE }, other);
    expect(first.asset?.set.zone_membership).toEqual({
      state: 'outside',
      pending: 0,
      zoneId: 7,
      since: '2026-11-23T10:00:00.000Z',
    });
    expect(first.alarms).toEqual([]);
    const inside = state({}, { zone_membership: { state: 'outside', pending: 0, zoneId: 99, since: 'x' } });
    const again = run('2026-11-23T10:00:00Z', { eventType: 'still', fix: INSIDE }, inside);
    expect(again.asset?.set.zone_membership).toEqual({ state: 'inside', pending: 0, zoneId: 7 });
  });

  it('puts days still back to 0 only for a fix that proves a move, whatever the event type says', () => {
    // 30 m from the rest position with a "moving" event: jitter or a bump, not a move.
    const jitter = { ...INSIDE, latitude: INSIDE.latitude + 0.00027 };
    const bumped = run('2026-11-23T10:00:00Z', { eventType: 'moving', fix: jitter });
    expect(bumped.asset?.set.days_still).toBeUndefined();
    expect(bumped.asset?.set.rest_position).toBeUndefined();
    const moved = run('2026-11-23T10:00:00Z', { eventType: 'still', fix: OUTSIDE });
    expect(moved.asset?.set.days_still).toBe(0);
    expect(moved.asset?.set.rest_position).toEqual({
      latitude: OUTSIDE.latitude,
      longitude: OUTSIDE.longitude,
      radius: 10,
      since: '2026-11-23T10:00:00.000Z',
    });
    // The first fix of a tag (no rest position yet) starts days still at 0; without a fix nothing changes.
    const fresh = state({}, { rest_position: undefined, days_still: null });
    expect(run('2026-11-23T10:00:00Z', { eventType: 'still', fix: INSIDE }, fresh).asset?.set.days_still).toBe(0);
    expect(run('2026-11-23T10:00:00Z', { eventType: 'moving' }).asset?.set.days_still).toBeUndefined();
  });

  it('maps the event type to moving / registered, never over a status a person set', () => {
    const moving = run('2026-11-23T10:00:00Z', { eventType: 'start', fix: INSIDE });
    expect(moving.asset?.set).toMatchObject({ status: { id: 2, status: 'moving' } });
    const delivered = state({}, { status: { id: 4, status: 'delivered' } as PipelineAsset['status'] });
    expect(
      run('2026-11-23T10:00:00Z', { eventType: 'moving', fix: INSIDE }, delivered).asset?.set.status,
    ).toBeUndefined();
    expect(run('2026-11-23T10:00:00Z', { eventType: 'intervalBased', fix: INSIDE }).asset?.set.status).toBeUndefined();
  });

  it('without a fix keeps the last known position and does not move lastLocationUpdate', () => {
    const effects = run('2026-11-23T10:00:00Z', { eventType: 'intervalBased', batteryVoltage: 3.6 });
    expect(effects.asset?.set.last_event).toMatchObject({
      latitude: INSIDE.latitude,
      geo_zone: { id: 7, name: 'Yard' },
    });
    expect(effects.asset?.set.lastLocationUpdate).toBeUndefined();
    expect(effects.event.latitude).toBeNull();
  });

  it('puts the asset on the map index with its first position, and takes it off if it has none', () => {
    const unplaced = { ...lastEvent('2026-11-23T09:00:00.000Z'), latitude: null, longitude: null };
    const first = run('2026-11-23T10:00:00Z', { eventType: 'moving', fix: INSIDE }, state({}, { last_event: null }));
    expect(first.asset?.mapIndex).toBe('add');
    const none = state({ last_event: unplaced }, {});
    expect(run('2026-11-23T10:00:00Z', { eventType: 'intervalBased' }, none).asset?.mapIndex).toBe('remove');
    const still = state({ last_event: unplaced }, { last_event: unplaced });
    expect(run('2026-11-23T10:00:00Z', { eventType: 'intervalBased' }, still).asset?.mapIndex).toBeUndefined();
  });
});

describe('uplink identity', () => {
  it('gives a replay the same event id by any way in, and different uplinks different ids', () => {
    const a = pipelineEventId({ devEui: 'A41163C212345678', measuredAt: '2026-11-23T10:00:00Z' });
    expect(pipelineEventId({ devEui: 'A41163C212345678', measuredAt: '2026-11-23T10:00:00.000Z' })).toBe(a);
    expect(pipelineEventId({ devEui: 'A41163C212345678', measuredAt: '2026-11-23T10:00:01Z' })).not.toBe(a);
    expect(String(a)).toHaveLength(15);
  });

  it('deduplicates on the queue by DEVEUI + frame counter + tenant, else by the uplink without its arrival time', () => {
    const counted = { ...uplink('2026-11-23T10:00:00.000Z'), frameCounter: 17 };
    expect(deduplicationIdOf(counted)).toBe('A41163C212345678-17-2026-11-23T10:00:00.000Z-1');
    // Another tenant's copy (refused by the processor) must not make SQS drop the owner's as a duplicate.
    expect(deduplicationIdOf({ ...counted, tenant: '2' })).not.toBe(deduplicationIdOf(counted));
    const plain = uplink('2026-11-23T10:00:00.000Z');
    expect(deduplicationIdOf({ ...plain, tenant: '2' })).not.toBe(deduplicationIdOf(plain));
    expect(deduplicationIdOf({ ...plain, receivedAt: 'later' })).toBe(deduplicationIdOf(plain));
    expect(deduplicationIdOf(plain).length).toBeLessThanOrEqual(128);
  });
});

describe('KPN Things message token', () => {
  it('is SHA-256 over the raw body bytes then the secret, lowercase hex, compared exactly', () => {
    const body = Buffer.from('[{"bn":"urn:dev:DEVEUI:A41163C212345678:","bt":1637165561}]');
    // Computed independently: printf '%s%s' "$body" secret | sha256sum
    const token = thingsMessageToken(body, 'secret');
    expect(token).toBe('b75433bb4be8b831ccc9a702098116f054c2cee197c589a6351723a4bf08bb2a');
    expect(thingsTokenMatches(body, 'secret', token)).toBe(true);
    expect(thingsTokenMatches(body, 'secret', token.toUpperCase())).toBe(false);
    expect(thingsTokenMatches(body, 'other', token)).toBe(false);
    expect(thingsTokenMatches(Buffer.from(`${body} `), 'secret', token)).toBe(false);
    expect(thingsTokenMatches(body, 'secret', undefined)).toBe(false);
  });
});
