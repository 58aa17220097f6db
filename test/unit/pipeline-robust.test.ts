import type { DeviceRecord } from '../../functions/lib/devices/device-repository';
import { BATTERY_FINE_ABOVE_V, BATTERY_LOW_BELOW_V, batteryLowFromVoltage } from '../../functions/lib/pipeline/battery';
import type { Fix, NormalizedUplink } from '../../functions/lib/pipeline/contracts';
import { encodeTrackerPayload } from '../../functions/lib/pipeline/decoders';
import { type FixTrack, keptOf, screenPosition } from '../../functions/lib/pipeline/position-rule';
import { pipelineEventId } from '../../functions/lib/pipeline/processor/event-id';
import { fixTrackOf, previousFixOf } from '../../functions/lib/pipeline/processor/fix-track';
import type { LoadedDevice } from '../../functions/lib/pipeline/processor/load';
import { checkUplink } from '../../functions/lib/pipeline/processor/process-batch';
import { uplinkEffects } from '../../functions/lib/pipeline/processor/uplink-effects';
import { readKpnSenml } from '../../functions/lib/pipeline/ways-in';

/** Every way in robust (docs/decisions/0246-every-way-in-robust-bad-positions-and-undecodable-payloads-dropped.md). */
const HOME: Fix = { latitude: 52.09, longitude: 5.12, accuracy: 10, source: 'gnss' };
const previous = { fix: HOME, at: '2026-11-23T10:00:00.000Z' };
const track: FixTrack = { last: { ...keptOf(HOME, previous.at), confirmed: true } };
/** The screen's fix and warnings (its track and dropped fixes: test/unit/position-outliers.test.ts). */
const screen = (candidates: (Fix | undefined)[], on: FixTrack, at: string) => {
  const { fix, warnings } = screenPosition(candidates, on, at);
  return { fix, warnings };
};
/** 500 km north, 15 minutes later: 2,000 km/h. */
const FAR: Fix = { ...HOME, latitude: HOME.latitude + 500 / 111.2 };
const LATER = '2026-11-23T10:15:00.000Z';

describe('a bad position drops the position, not the uplink (position-rule.ts)', () => {
  it('drops 0/0, out of range and a 2,000 km/h jump with the reason; keeps a plausible fix', () => {
    const zero = screen([{ ...HOME, latitude: 0, longitude: 0 }], track, LATER);
    expect(zero).toEqual({ fix: undefined, warnings: ['Position dropped: Position 0/0 (a tag without a fix)'] });
    expect(screen([{ ...HOME, latitude: 91 }], track, LATER).warnings).toEqual([
      'Position dropped: Latitude 91 out of range',
    ]);
    const jump = screen([FAR], track, LATER);
    expect(jump.fix).toBeUndefined();
    expect(jump.warnings).toEqual([expect.stringMatching(/^Position dropped: Jump of .* faster than 150 km\/h$/)]);
    const near = { ...HOME, latitude: HOME.latitude + 0.01 };
    expect(screen([near], track, LATER)).toEqual({ fix: near, warnings: [] });
  });

  it('has nothing to compare a first fix with, and falls back to the network fix when the payload one is bad', () => {
    expect(screen([FAR], {}, LATER)).toEqual({ fix: FAR, warnings: [] });
    const network: Fix = { ...HOME, accuracy: 300, source: 'network' };
    const both = screen([{ ...HOME, latitude: 0, longitude: 0 }, network], track, LATER);
    expect(both.fix).toBe(network);
    expect(both.warnings).toHaveLength(1);
    expect(screen([undefined, undefined], track, LATER)).toEqual({ fix: undefined, warnings: [] });
  });
});

describe('battery low from a voltage, with hysteresis (battery.ts)', () => {
  it('is low below 3.3 V, fine above 3.4 V, and stays as it was in between', () => {
    expect([BATTERY_LOW_BELOW_V, BATTERY_FINE_ABOVE_V]).toEqual([3.3, 3.4]);
    expect(batteryLowFromVoltage(3.29, false)).toBe(true);
    expect(batteryLowFromVoltage(3.41, true)).toBe(false);
    for (const v of [3.3, 3.35, 3.4]) {
      expect(batteryLowFromVoltage(v, true)).toBe(true);
      expect(batteryLowFromVoltage(v, false)).toBe(false);
    }
    expect(batteryLowFromVoltage(undefined, true)).toBeUndefined();
  });
});

const device = {
  id: 11,
  name: 'Tag 11',
  dev_eui: 'A41163C212345678',
  is_sabotaged: false,
  battery_level_low: false,
  last_event: {
    street: null,
    postal_code: null,
    city: null,
    region: null,
    country: null,
    latitude: HOME.latitude,
    longitude: HOME.longitude,
    date: previous.at,
    type: 'still',
    radius: 10,
    geo_zone: null,
  },
} as DeviceRecord;
const loaded = { device, ctx: { tenantId: '1' } } as unknown as LoadedDevice;
const uplink = (extra: Partial<NormalizedUplink>): NormalizedUplink => ({
  tenant: '1',
  devEui: device.dev_eui,
  source: 'kpn',
  measuredAt: LATER,
  receivedAt: LATER,
  ...extra,
});
const effectsOf = (u: NormalizedUplink, d: DeviceRecord = device) => {
  const checked = checkUplink(u, { ...loaded, device: d });
  if (!checked.ok) throw new Error(checked.reason);
  return uplinkEffects({ tenantId: '1', ...checked, device: d, statuses: {} });
};

describe('the processor takes what it can of an uplink (process-batch.ts checkUplink)', () => {
  it('takes KPN records beside bytes that do not decode, with the failure as a warning on the event', () => {
    const networkFix: Fix = { ...HOME, accuracy: 319, source: 'network' };
    const effects = effectsOf(uplink({ payloadHex: 'FF', payloadFormat: 'tracker-v1', networkFix }));
    expect(effects.event).toMatchObject({ latitude: HOME.latitude, radius: 319 });
    expect(effects.event.warnings).toEqual([expect.stringMatching(/^Payload not decoded: /)]);
    // Bytes alone that do not decode are still refused: there is nothing else to take.
    expect(checkUplink(uplink({ payloadHex: 'FF' }), loaded)).toMatchObject({ ok: false });
  });

  it('keeps sabotage and battery of an uplink whose position is dropped, and the last position', () => {
    const payloadHex = encodeTrackerPayload({
      eventType: 'moving',
      sabotaged: true,
      batteryLow: true,
      fix: { latitude: 0, longitude: 0, accuracy: 5 },
    });
    const effects = effectsOf(uplink({ payloadHex, payloadFormat: 'tracker-v1' }));
    expect(effects.device).toMatchObject({ is_sabotaged: true, battery_level_low: true });
    expect(effects.alarms.map((a) => a.kind)).toEqual([0, 2]);
    expect(effects.event).toMatchObject({ latitude: null, type: 'moving' });
    expect(effects.event.warnings).toEqual(['Position dropped: Position 0/0 (a tag without a fix)']);
    expect(effects.device.last_event).toMatchObject({ latitude: HOME.latitude, date: LATER });
  });

  it('takes battery low from KPN batteryVoltage once, without flapping around the threshold', () => {
    let state = device;
    const raised: number[] = [];
    for (const [i, v] of [3.6, 3.29, 3.31, 3.28, 3.35, 3.41, 3.39].entries()) {
      const at = new Date(Date.parse(LATER) + i * 60_000).toISOString();
      const effects = effectsOf(uplink({ measuredAt: at, receivedAt: at, decoded: { batteryVoltage: v } }), state);
      raised.push(...effects.alarms.map((a) => a.kind));
      state = { ...state, ...effects.device } as DeviceRecord;
      expect(state.battery_level_low).toBe(i >= 1 && i <= 4);
    }
    expect(raised).toEqual([2]);
  });
});

describe("the fix a new one is compared with (fixTrackOf: the device's last_fix, else previousFixOf)", () => {
  it("is timed by the asset's lastLocationUpdate when uplinks without a kept fix moved the last event's date", () => {
    const later = { ...device, last_event: { ...device.last_event, date: '2026-11-23T11:00:00.000Z' } } as DeviceRecord;
    const asset = {
      last_event: later.last_event,
      lastLocationUpdate: previous.at,
    } as unknown as LoadedDevice['asset'];
    expect(previousFixOf({ ...loaded, device: later, asset })?.at).toBe(previous.at);
    // 100 km an hour after the fix, a minute after a heartbeat: a truck's speed, not a jump.
    const far = { ...HOME, latitude: HOME.latitude + 100 / 111.2 };
    const at = '2026-11-23T11:01:00.000Z';
    expect(screen([far], fixTrackOf({ ...loaded, device: later, asset }), at).fix).toBe(far);
    expect(screen([far], fixTrackOf({ ...loaded, device: later }), at).fix).toBeUndefined();
    // The asset showing another device's position says nothing about this one's.
    const other = { ...asset, last_event: { ...later.last_event, latitude: 50 } } as LoadedDevice['asset'];
    expect(previousFixOf({ ...loaded, device: later, asset: other })?.at).toBe(later.last_event?.date);
  });
});

describe('an outvoted fix through the processor (checkUplink, uplinkEffects)', () => {
  const at = (minutes: number) => new Date(Date.parse(previous.at) + minutes * 60_000).toISOString();
  const fixAt = (fix: Fix, minutes: number) =>
    uplink({ measuredAt: at(minutes), receivedAt: at(minutes), decoded: { fix } });
  // The last fix stands alone (taken after a night): two agreeing fixes outvote it.
  const alone = {
    ...device,
    last_fix: { ...keptOf(HOME, previous.at), event_id: 123, confirmed: false },
  } as DeviceRecord;

  it('keeps a dropped jump on its event and as the suspect, then marks the last fix when the next one agrees', () => {
    const first = effectsOf(fixAt(FAR, 15), alone);
    const { at: _at, ...place } = keptOf(FAR, at(15));
    expect(first.event).toMatchObject({ latitude: null, dropped: [place] });
    expect(first.event.dropped?.[0]?.reason).toMatch(/^Jump of .* faster than 150 km\/h$/);
    expect(first.event.warnings).toEqual([`Position dropped: ${first.event.dropped?.[0]?.reason}`]);
    expect(first.device.suspect_fix).toEqual({ ...keptOf(FAR, at(15)), agreeing: 1 });
    expect(first.device.last_fix).toBeUndefined();
    expect(first.outlier).toBeUndefined();

    const state = { ...alone, ...first.device } as DeviceRecord;
    const next: Fix = { ...FAR, latitude: FAR.latitude + 0.01 };
    const second = effectsOf(fixAt(next, 20), state);
    expect(second.outlier).toEqual({
      deviceId: device.id,
      date: previous.at,
      eventId: 123,
      latitude: HOME.latitude,
      longitude: HOME.longitude,
      reason: expect.stringMatching(
        /^Outlier: the 2 positions after it \(up to .*\) agree with each other, not with it/,
      ),
    });
    expect(second.device.last_fix).toEqual({ ...keptOf(next, at(20)), event_id: second.event.id, confirmed: true });
    // The suspect is removed in the same update (an undefined attribute is a REMOVE: device-write.ts).
    expect(Object.keys(second.device)).toContain('suspect_fix');
    expect(second.device.suspect_fix).toBeUndefined();
    expect(second.event).toMatchObject({ latitude: next.latitude });
    expect(second.event.dropped).toBeUndefined();

    // A late uplink, older than the last event: its dropped fix is on its event, the device is not written.
    const late = effectsOf(fixAt(HOME, 17), { ...state, ...second.device } as DeviceRecord);
    expect(late.advancesState).toBe(false);
    expect(late.device).toEqual({});
    expect(late.event.dropped).toHaveLength(1);
  });

  it("derives the track of a device from before last_fix from its last event, its event id the pipeline's", () => {
    expect(fixTrackOf(loaded)).toEqual({
      last: {
        ...keptOf(HOME, previous.at),
        event_id: pipelineEventId({ devEui: device.dev_eui, measuredAt: previous.at }),
        confirmed: true,
      },
    });
    expect(fixTrackOf({ ...loaded, device: alone }).last).toBe(alone.last_fix);
  });
});

describe('KPN SenML, robust', () => {
  const bn = 'urn:dev:DEVEUI:A41163C212345678:';
  it("takes KPN's LoRa geolocation records beside a payload record that is not hex", () => {
    // The records of KPN's published "+ LoRa Geolocation data" sample (docs.kpnthings.com, KPN LocationTag V
    // device type; integrations.md 1.1 [K7]), with a payload record no decoder can read.
    const read = readKpnSenml([
      { bn, bt: 1637165561 },
      { n: 'locOrigin', vs: 'KPNLORA' },
      { n: 'latitude', u: 'lat', v: 51.794884 },
      { n: 'longitude', u: 'lon', v: 4.68 },
      { n: 'radius', u: 'm', v: 319 },
      { n: 'payload', vs: 'not-hex' },
    ]);
    expect(read).toEqual({
      ok: true,
      value: {
        devEui: 'A41163C212345678',
        measuredAt: '2021-11-17T16:12:41.000Z',
        networkFix: { latitude: 51.794884, longitude: 4.68, accuracy: 319, source: 'network' },
        warnings: ['Payload not decoded: the payload record is not hexadecimal'],
      },
    });
  });

  it('keeps the records it understands beside a payload that is not hex, and reads motion as the event type', () => {
    const read = readKpnSenml([
      { bn, bt: 1795428000 },
      { n: 'payload', vs: 'zz' },
      { n: 'motion', vb: true },
      { n: 'batteryVoltage', u: 'V', v: 3.2 },
    ]);
    expect(read).toEqual({
      ok: true,
      value: {
        devEui: 'A41163C212345678',
        measuredAt: '2026-11-23T10:00:00.000Z',
        decoded: { batteryVoltage: 3.2, eventType: 'moving' },
        warnings: ['Payload not decoded: the payload record is not hexadecimal'],
      },
    });
    expect(
      readKpnSenml([
        { bn, bt: 1795428000 },
        { n: 'motion', v: 0 },
      ]),
    ).toMatchObject({
      value: { decoded: { eventType: 'still' } },
    });
  });
});
