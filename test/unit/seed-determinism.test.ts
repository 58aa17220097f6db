import { toApiAsset } from '../../functions/lib/assets/asset-repository';
import { addDays, amsterdamDay } from '../../functions/lib/loan-days/amsterdam-day';
import type { CountedAsset } from '../../functions/lib/loan-days/loan-day-counter';
import { loanDayOf } from '../../functions/lib/loan-days/loan-day-state';
import { type DemoDataset, generateDemoData, TENANT_DATA_PROFILES } from '../../scripts/seed/demo-data';
import { inNetherlands, NETHERLANDS_BOUNDS } from '../../scripts/seed/geo';
import { MAX_TRACK_EVENTS, MIN_TRACK_EVENTS } from '../../scripts/seed/tracks';
import { alarmSchema } from '../../shared/schemas/alarm';
import { assetSchema } from '../../shared/schemas/asset';
import { assetProfileDefinitionSchema, assetProfileSchema } from '../../shared/schemas/asset-profile';
import { clientSchema } from '../../shared/schemas/client';
import { DEV_EUI_PATTERN, deviceSchema } from '../../shared/schemas/device';
import { eventSchema } from '../../shared/schemas/event';
import { MIN_GEO_ZONE_RADIUS, parseGeoZoneGeometry } from '../../shared/schemas/geo-zone';

const REFERENCE = new Date('2026-03-01T10:00:00.000Z');
const DAY = 86_400_000;
const managers = [{ id: 6, name: 'Mila Manager' }];

const demo = (seed = 42, referenceDate = REFERENCE) =>
  generateDemoData({ seed, referenceDate, profile: TENANT_DATA_PROFILES.demo, accountManagers: managers });
/** Left its zone on the reference day itself: outside at that day's end, no day counted yet. */
const hasLeftToday = (asset: CountedAsset, today: string) =>
  asset.zone_membership?.state === 'outside' && amsterdamDay(new Date(asset.zone_membership.since ?? 0)) === today;
/** Came to rest the day before: still today, no day counted yet. */
const restedYesterday = (asset: CountedAsset, today: string) =>
  amsterdamDay(new Date(asset.rest_position?.since ?? 0)) === addDays(today, -1);

const acme = () => generateDemoData({ seed: 7, referenceDate: REFERENCE, profile: TENANT_DATA_PROFILES.acme });

describe('demo data generator', () => {
  let data: DemoDataset;
  beforeAll(() => {
    data = demo();
  });

  it('gives identical data for the same seed and reference date, without Math.random', () => {
    const random = jest.spyOn(Math, 'random').mockImplementation(() => {
      throw new Error('Math.random used');
    });
    try {
      expect(JSON.stringify(demo())).toBe(JSON.stringify(data));
    } finally {
      random.mockRestore();
    }
  });

  it('gives different data for another seed', () => {
    const other = demo(43);
    expect(JSON.stringify(other)).not.toBe(JSON.stringify(data));
    expect(other.devices.map((d) => d.dev_eui)).not.toEqual(data.devices.map((d) => d.dev_eui));
  });

  it('moves every date with the reference date and nothing else', () => {
    const later = demo(42, new Date(REFERENCE.getTime() + 10 * DAY));
    const shift = (date: string) => new Date(Date.parse(date) - 10 * DAY).toISOString();
    expect(later.events.map((e) => shift(e.date))).toEqual(data.events.map((e) => e.date));
    expect(later.events.map((e) => [e.latitude, e.longitude])).toEqual(
      data.events.map((e) => [e.latitude, e.longitude]),
    );
  });

  it('has the volumes of the brief, and a smaller acme tenant', () => {
    expect(data.assets).toHaveLength(300);
    expect(data.clients).toHaveLength(15);
    expect(data.zones).toHaveLength(10);
    expect(data.alarms.map((a) => a.type)).toEqual([0, 1, 2, 3]);
    expect(data.devices.filter((d) => d.asset).length).toBe(300);
    expect(acme().assets).toHaveLength(40);
  });

  it('draws polygons and circles with a radius of at least 15 m', () => {
    const geometries = data.zones.map((zone) => parseGeoZoneGeometry(zone.geometry));
    expect(geometries.every((g) => g !== null)).toBe(true);
    const types = new Set(geometries.map((g) => g?.type));
    expect(types).toEqual(new Set(['Polygon', 'Point']));
    for (const geometry of geometries) {
      if (geometry?.type === 'Point') expect(geometry.radius).toBeGreaterThanOrEqual(MIN_GEO_ZONE_RADIUS);
      else for (const [lon, lat] of geometry?.coordinates[0] ?? []) expect(inNetherlands({ lat, lon })).toBe(true);
    }
  });

  it('gives every device a unique 16 upper-case hex DEVEUI, across tenants too', () => {
    const all = [...data.devices, ...acme().devices].map((d) => d.dev_eui);
    for (const devEui of all) expect(devEui).toMatch(DEV_EUI_PATTERN);
    expect(new Set(all).size).toBe(all.length);
  });

  it('puts every event in the Netherlands, within 60 days before the reference date', () => {
    for (const event of data.events) {
      expect(event.latitude).toBeGreaterThanOrEqual(NETHERLANDS_BOUNDS.minLat);
      expect(event.latitude).toBeLessThanOrEqual(NETHERLANDS_BOUNDS.maxLat);
      expect(event.longitude).toBeGreaterThanOrEqual(NETHERLANDS_BOUNDS.minLon);
      expect(event.longitude).toBeLessThanOrEqual(NETHERLANDS_BOUNDS.maxLon);
      const age = REFERENCE.getTime() - Date.parse(event.date);
      expect(age).toBeGreaterThanOrEqual(0);
      expect(age).toBeLessThanOrEqual(60 * DAY);
    }
    expect(new Set(data.events.map((e) => e.id)).size).toBe(data.events.length);
  });

  it('keeps every denormalised field consistent with the generated entities', () => {
    const clients = new Map(data.clients.map((c) => [c.id, c]));
    const zones = new Map(data.zones.map((z) => [z.id, z]));
    const devices = new Map(data.devices.map((d) => [d.id, d]));
    const profiles = new Map(data.profiles.map((p) => [p.id, p]));
    for (const asset of data.assets) {
      if (asset.client) expect(clients.get(asset.client.id)?.company).toBe(asset.client.company);
      if (asset.geo_zone) expect(zones.get(asset.geo_zone.id)?.name).toBe(asset.geo_zone.name);
      const [summary] = asset.devices;
      const device = devices.get(summary?.id ?? 0);
      expect(device?.asset).toEqual({ id: asset.id, name: asset.name });
      expect(summary).toEqual({
        id: device?.id,
        name: device?.name,
        dev_eui: device?.dev_eui,
        is_sabotaged: device?.is_sabotaged,
        battery_level_low: device?.battery_level_low,
        ...(device?.connectivity === 'silent' ? { is_silent: true } : {}),
      });
      const events = data.events.filter((e) => e.device.id === device?.id);
      expect(events.length).toBeGreaterThanOrEqual(MIN_TRACK_EVENTS);
      expect(events.length).toBeLessThanOrEqual(MAX_TRACK_EVENTS);
      const last = events.reduce((a, b) => (a.date > b.date ? a : b));
      expect(asset.last_event).toEqual(device?.last_event);
      expect(asset.last_event?.date).toBe(last.date);
      expect(asset.last_event?.geo_zone).toEqual(last.geo_zone);
      expect([asset.lastCommunication, asset.lastLocationUpdate, asset.street]).toEqual([
        last.date,
        last.date,
        last.street,
      ]);
      if (last.geo_zone && asset.geo_zone?.id === last.geo_zone.id) expect(asset.days_outside_geo_zone).toBe(0);
      if (asset.scheduled) expect(asset.scheduled).toMatch(/T12:00:00\.000Z$/);
      for (const uri of asset.asset_profile_relations) {
        const profile = profiles.get(Number(uri.split('/').pop()));
        expect(profile?.asset_id).toBe(asset.id);
        expect(asset.cable_length).toBe(profile?.data.find((v) => v.name === 'cable_length')?.value);
      }
    }
  });

  it('gives assets with days outside their outside state, so the first midnight counts them on', () => {
    const today = amsterdamDay(REFERENCE);
    const outside = data.assets.filter((asset) => (asset.days_outside_geo_zone ?? 0) > 0);
    expect(outside.length).toBeGreaterThan(10);
    for (const asset of data.assets) {
      const stored = asset as CountedAsset;
      expect(stored.loanDayCountedFor).toBe(addDays(today, -1));
      // The reference day is the next one the job counts: exactly the assets with days outside are outside.
      expect(loanDayOf(stored, today).outside).toBe(
        (asset.days_outside_geo_zone ?? 0) > 0 || hasLeftToday(stored, today),
      );
      if (stored.rest_position)
        expect(loanDayOf(stored, today).still).toBe((asset.days_still ?? 0) > 0 || restedYesterday(stored, today));
    }
  });

  it('produces records the API schemas accept', () => {
    // As the API shows them: device_health and the JSON-LD keys are derived on the way out.
    for (const asset of data.assets) expect(assetSchema.safeParse(toApiAsset(asset)).error).toBeUndefined();
    // A device never heard has no stored connectivity: the API answers "never" (toApiDevice).
    for (const device of data.devices)
      expect(deviceSchema.safeParse({ ...device, connectivity: device.connectivity ?? 'never' }).error).toBeUndefined();
    for (const client of data.clients) expect(clientSchema.safeParse(client).error).toBeUndefined();
    for (const event of data.events) expect(eventSchema.safeParse(event).error).toBeUndefined();
    for (const alarm of data.alarms) expect(alarmSchema.safeParse(alarm).error).toBeUndefined();
    for (const definition of data.definitions) {
      expect(assetProfileDefinitionSchema.safeParse(definition).error).toBeUndefined();
    }
    for (const profile of data.profiles) expect(assetProfileSchema.safeParse(profile).error).toBeUndefined();
  });
});
