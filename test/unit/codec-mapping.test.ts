import { batteryLowFrom, batteryLowOf } from '../../functions/lib/pipeline/battery';
import { mapDecodedData, volts } from '../../functions/lib/pipeline/codecs/mapping';
import { decodedPayloadOf } from '../../functions/lib/pipeline/codecs/profile-decoder';

/**
 * Decoded data -> the product's fields (mapping.ts). The three published outputs are the examples of
 * the LoRaWAN Device Repository codecs (../shared/spec/integrations-2.md s.1), as their codecs answer them.
 */
const OYSTER = {
  type: 'position',
  inTrip: false,
  fixFailed: false,
  latitudeDeg: -32,
  longitudeDeg: 116,
  headingDeg: 0,
  speedKmph: 0,
  batV: 5.55,
};
const LGT92 = {
  ALARM_status: 'FALSE',
  BatV: 3.36,
  FW: 160,
  LON: 'ON',
  MD: 'Move',
  Roll: 38.4,
  Pitch: 0.75,
  latitude: 22.70626,
  longitude: 114.24252,
};
const ABEEWAY = {
  messageType: 'POSITION_MESSAGE',
  batteryLevel: 193,
  ackToken: 0,
  gpsLatitude: 48.9208064,
  gpsLongitude: 2.3082752,
  horizontalAccuracy: 7.84,
  rawPositionType: 'GPS',
};

describe('mapping decoded data (mapping.ts)', () => {
  it('maps the Digital Matter Oyster example: latitudeDeg/longitudeDeg, batV in volts, inTrip', () => {
    expect(mapDecodedData(OYSTER)).toEqual({
      latitude: -32,
      longitude: 116,
      accuracy: null,
      battery_voltage: 5.55,
      battery_percent: null,
      sabotaged: null,
      event_type: 'still',
    });
  });

  it('maps the Dragino LGT-92 example: latitude/longitude, BatV', () => {
    expect(mapDecodedData(LGT92)).toMatchObject({ latitude: 22.70626, longitude: 114.24252, battery_voltage: 3.36 });
    // ALARM_status is Dragino's alarm button, not a tamper switch: named explicitly when a tenant wants it.
    expect(mapDecodedData(LGT92, { tamper: 'ALARM_status', event_type: 'MD' })).toMatchObject({
      sabotaged: false,
      event_type: 'moving',
    });
  });

  it('maps the Abeeway example: gpsLatitude/gpsLongitude, horizontalAccuracy; 193 is no percentage', () => {
    expect(mapDecodedData(ABEEWAY)).toEqual({
      latitude: 48.9208064,
      longitude: 2.3082752,
      accuracy: 7.84,
      battery_voltage: null,
      battery_percent: null,
      sabotaged: null,
      event_type: null,
    });
  });

  it('finds positions in nested objects and arrays, and lets explicit paths win', () => {
    expect(mapDecodedData({ gps: { lat: 52.1, lng: 5.1, hacc: 4 } })).toMatchObject({
      latitude: 52.1,
      longitude: 5.1,
      accuracy: 4,
    });
    expect(mapDecodedData({ location: { latitude: '51.9', longitude: '4.4' } })).toMatchObject({ latitude: 51.9 });
    expect(mapDecodedData({ positions: [{ Lat: 50, Long: 6 }] })).toMatchObject({ latitude: 50, longitude: 6 });
    const both = { latitude: 1, longitude: 2, fix: { y: 52, x: 5 } };
    expect(mapDecodedData(both, { latitude: 'fix.y', longitude: 'fix.x' })).toMatchObject({
      latitude: 52,
      longitude: 5,
    });
    expect(mapDecodedData({ lat: 95, lon: 5 })).toMatchObject({ latitude: null, longitude: null });
    expect(mapDecodedData({ lat: 52 })).toMatchObject({ latitude: null });
  });

  it('reads batteries in volts (mV above 100) and percent, tamper words and motion', () => {
    expect([volts(3.6), volts(3600), volts('3580'), volts(-1), volts(1e9)]).toEqual([
      3.6,
      3.6,
      3.58,
      undefined,
      undefined,
    ]);
    expect(mapDecodedData({ battery_level: 40, sabotaged: 1, moving: true })).toMatchObject({
      battery_percent: 40,
      sabotaged: true,
      event_type: 'moving',
    });
    expect(mapDecodedData({ tamper: 'open', event: 'motion_start' })).toMatchObject({
      sabotaged: true,
      event_type: 'start',
    });
    expect(mapDecodedData({ power: { cell_mv: 3300 } }, { battery_voltage: 'power.cell_mv' }).battery_voltage).toBe(
      3.3,
    );
  });

  it('never reads inherited properties through a path', () => {
    expect(mapDecodedData({}, { latitude: 'constructor.name', longitude: '__proto__' })).toMatchObject({
      latitude: null,
    });
  });

  it('turns mapped fields into the pipeline payload', () => {
    expect(decodedPayloadOf(mapDecodedData({ ...ABEEWAY, tamper: true }))).toEqual({
      fix: { latitude: 48.9208064, longitude: 2.3082752, accuracy: 7.84, source: 'gnss' },
      sabotaged: true,
    });
  });
});

describe('battery low with the profile thresholds and hysteresis (battery.ts)', () => {
  const volt = { unit: 'V' as const, lowBelow: 3.3, fineAbove: 3.4 };
  const pct = { unit: '%' as const, lowBelow: 20, fineAbove: 30 };

  it('is low below the threshold, fine only above the upper one, unchanged between', () => {
    expect(batteryLowFrom(3.29, false, volt)).toBe(true);
    expect(batteryLowFrom(3.35, true, volt)).toBe(true);
    expect(batteryLowFrom(3.35, false, volt)).toBe(false);
    expect(batteryLowFrom(3.41, true, volt)).toBe(false);
    expect(batteryLowFrom(undefined, true, volt)).toBeUndefined();
  });

  it('does not flap for a tag hovering at the threshold', () => {
    let low = false;
    const states = [3.31, 3.29, 3.32, 3.3, 3.38, 3.33, 3.41, 3.35].map((v) => {
      low = batteryLowFrom(v, low, volt) as boolean;
      return low;
    });
    expect(states).toEqual([false, true, true, true, true, true, false, false]);
  });

  it('judges the reading in the profile unit: a % profile ignores volts', () => {
    expect(batteryLowOf({ batteryVoltage: 2.9, batteryPercent: 50 }, false, pct)).toBe(false);
    expect(batteryLowOf({ batteryPercent: 15 }, false, pct)).toBe(true);
    expect(batteryLowOf({ batteryPercent: 25 }, true, pct)).toBe(true);
    expect(batteryLowOf({ batteryVoltage: 2.9 }, false, pct)).toBeUndefined();
    expect(batteryLowOf({ batteryVoltage: 2.9 }, false)).toBe(true);
  });
});
