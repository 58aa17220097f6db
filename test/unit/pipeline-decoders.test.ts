import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import type { Fix } from '../../functions/lib/pipeline/contracts';
import {
  DEFAULT_PAYLOAD_FORMAT,
  decodePayload,
  decodeUplink,
  encodeTrackerPayload,
  PAYLOAD_FORMATS,
  type TrackerPayload,
} from '../../functions/lib/pipeline/decoders';
import { DECODER_EXAMPLES, DECODER_REJECTIONS } from '../../functions/lib/pipeline/decoders/examples';
import { checkFix, checkMeasuredAt, MAX_AHEAD_OF_RECEIPT_MS } from '../../functions/lib/pipeline/plausibility';
import {
  DEVICE_PAYLOADS_DOC,
  readBlock,
  renderDecoderExamples,
  renderWayInExamples,
  withoutPadding,
} from '../../scripts/docs/device-payload-examples';
import { EVENT_TYPES } from '../../shared/schemas/event';

describe('tracker-v1 examples of docs/device-payloads.md', () => {
  it.each(DECODER_EXAMPLES)('$title: $hex', ({ format, hex, fPort, decoded }) => {
    expect(decodePayload(format, hex, fPort)).toEqual({ ok: true, value: decoded });
    expect(encodeTrackerPayload({ ...decoded, eventType: decoded.eventType ?? 'moving' } as TrackerPayload)).toBe(hex);
  });

  it.each(DECODER_REJECTIONS)('$title: "$hex" is rejected', ({ format, hex, fPort, reason }) => {
    expect(decodePayload(format, hex, fPort)).toEqual({ ok: false, reason });
  });

  it('knows its formats', () => {
    expect(PAYLOAD_FORMATS).toContain(DEFAULT_PAYLOAD_FORMAT);
    expect(decodePayload('toString', '05')).toEqual({ ok: false, reason: 'Unknown payload format "toString"' });
  });
});

describe('docs/device-payloads.md', () => {
  it('shows exactly the vectors the tests decode (regenerate: npx tsx scripts/docs/device-payload-examples.ts)', () => {
    const document = readFileSync(DEVICE_PAYLOADS_DOC, 'utf8');
    expect(withoutPadding(readBlock(document, 'decoders'))).toBe(withoutPadding(renderDecoderExamples()));
    expect(withoutPadding(readBlock(document, 'ways-in'))).toBe(withoutPadding(renderWayInExamples()));
  });
});

describe('tracker-v1 round trip and garbage', () => {
  const payloadArb = fc.record(
    {
      eventType: fc.constantFrom(...EVENT_TYPES),
      sabotaged: fc.boolean(),
      batteryLow: fc.boolean(),
      batteryVoltage: fc.integer({ min: 200, max: 455 }).map((n) => n / 100),
      fix: fc.record(
        {
          latitude: fc.integer({ min: -900_000_000, max: 900_000_000 }).map((n) => n / 1e7),
          longitude: fc.integer({ min: -1_800_000_000, max: 1_800_000_000 }).map((n) => n / 1e7),
          accuracy: fc.integer({ min: 0, max: 65_534 }),
        },
        { requiredKeys: ['latitude', 'longitude'] },
      ),
    },
    { requiredKeys: ['eventType', 'sabotaged', 'batteryLow'] },
  );

  it('decodes what it encodes', () => {
    fc.assert(
      fc.property(payloadArb, (payload) => {
        const result = decodePayload('tracker-v1', encodeTrackerPayload(payload));
        const fix = payload.fix && ({ ...payload.fix, source: 'gnss' } satisfies Fix);
        expect(result).toEqual({ ok: true, value: { ...payload, ...(fix ? { fix } : {}) } });
      }),
      { seed: 9, numRuns: 500 },
    );
  });

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.string(), fc.option(fc.integer({ min: -1, max: 300 }), { nil: undefined }), (text, port) => {
        const result = decodePayload('tracker-v1', text, port);
        expect(typeof result.ok).toBe('boolean');
      }),
      { seed: 9, numRuns: 1000 },
    );
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 20 }), (bytes) => {
        const result = decodePayload('tracker-v1', Buffer.from(bytes).toString('hex'));
        if (!result.ok) expect(result.reason).toEqual(expect.any(String));
      }),
      { seed: 9, numRuns: 1000 },
    );
  });

  it('refuses to encode what the layout cannot hold', () => {
    expect(() => encodeTrackerPayload({ eventType: 'moving', fix: { latitude: 91, longitude: 5 } })).toThrow(
      RangeError,
    );
    expect(encodeTrackerPayload({ eventType: 'moving', batteryVoltage: 9 })).toBe('41FF');
  });
});

describe('decodeUplink', () => {
  it('decodes the bytes and lets them win over decoded fields, which fill the gaps', () => {
    expect(decodeUplink({ payloadHex: '428C', decoded: { batteryVoltage: 3.58, sabotaged: true } })).toEqual({
      ok: true,
      value: { eventType: 'still', sabotaged: false, batteryLow: false, batteryVoltage: 3.4 },
    });
    expect(decodeUplink({ payloadHex: '05', decoded: { batteryVoltage: 3.58 } })).toEqual({
      ok: true,
      value: { eventType: 'intervalBasedLocalGateway', sabotaged: false, batteryLow: false, batteryVoltage: 3.58 },
    });
  });

  it('takes decoded fields alone, and refuses an uplink with neither', () => {
    expect(decodeUplink({ decoded: { eventType: 'moving' } })).toEqual({ ok: true, value: { eventType: 'moving' } });
    expect(decodeUplink({})).toEqual({ ok: false, reason: 'No payload and no decoded fields' });
    expect(decodeUplink({ payloadHex: '06' })).toEqual({ ok: false, reason: 'Unknown event type 6' });
  });
});

describe('checkFix (plausibility)', () => {
  const utrecht: Fix = { latitude: 52.0907, longitude: 5.1214, accuracy: 10, source: 'gnss' };
  const at = '2026-11-23T10:00:00Z';

  it.each([
    [{ ...utrecht, latitude: 91 }, 'Latitude 91 out of range'],
    [{ ...utrecht, latitude: -90.5 }, 'Latitude -90.5 out of range'],
    [{ ...utrecht, longitude: 180.1 }, 'Longitude 180.1 out of range'],
    [{ ...utrecht, latitude: 0, longitude: 0 }, 'Position 0/0 (a tag without a fix)'],
    [{ ...utrecht, latitude: Number.NaN }, 'Position is not a number'],
    [{ ...utrecht, accuracy: -1 }, 'Accuracy -1 is not a radius'],
  ])('rejects %j', (fix, reason) => {
    expect(checkFix(fix, undefined, at)).toEqual({ ok: false, reason });
  });

  it('accepts a first fix and a drive at truck speed', () => {
    expect(checkFix(utrecht, undefined, at)).toEqual({ ok: true });
    // Utrecht to Amsterdam centre is about 35 km: fine in 20 minutes (105 km/h), not in 10 (210 km/h).
    const amsterdam: Fix = { latitude: 52.3676, longitude: 4.9041, accuracy: 10, source: 'gnss' };
    expect(checkFix(amsterdam, { fix: utrecht, at: '2026-11-23T09:40:00Z' }, at)).toEqual({ ok: true });
    const fast = checkFix(amsterdam, { fix: utrecht, at: '2026-11-23T09:50:00Z' }, at);
    expect(fast).toEqual({ ok: false, reason: expect.stringMatching(/^Jump of 3\d{4} m in 600 s \(2\d\d km\/h/) });
  });

  it('subtracts the accuracy radii: a coarse network fix right after a GNSS fix is no jump', () => {
    const network: Fix = { latitude: 52.1, longitude: 5.1214, accuracy: 1500, source: 'network' };
    expect(checkFix(network, { fix: utrecht, at: '2026-11-23T09:59:59Z' }, at)).toEqual({ ok: true });
    expect(checkFix({ ...network, accuracy: 10 }, { fix: utrecht, at: '2026-11-23T09:59:59Z' }, at).ok).toBe(false);
  });

  it('judges out-of-order fixes by the absolute time between them', () => {
    const near: Fix = { ...utrecht, latitude: 52.1 };
    expect(checkFix(near, { fix: utrecht, at: '2026-11-23T10:05:00Z' }, at)).toEqual({ ok: true });
  });
});

describe('checkMeasuredAt (uplinks from the future)', () => {
  const receivedAt = '2026-11-23T10:00:00.000Z';

  it('accepts the past and up to MAX_AHEAD_OF_RECEIPT_MS ahead, a clock’s error', () => {
    expect(MAX_AHEAD_OF_RECEIPT_MS).toBe(5 * 60_000);
    expect(checkMeasuredAt('2025-01-01T00:00:00Z', receivedAt)).toEqual({ ok: true });
    expect(checkMeasuredAt('2026-11-23T10:05:00.000Z', receivedAt)).toEqual({ ok: true });
  });

  it('refuses more than that ahead, saying by how much, and times that are not dates', () => {
    expect(checkMeasuredAt('2026-11-23T10:05:00.001Z', receivedAt).ok).toBe(false);
    expect(checkMeasuredAt('2027-11-23T10:00:00.000Z', receivedAt)).toEqual({
      ok: false,
      reason: `Measured 525600 min ahead of its receive time ${receivedAt}; at most 5 min is a clock's error`,
    });
    expect(checkMeasuredAt('soon', receivedAt).ok).toBe(false);
  });
});
