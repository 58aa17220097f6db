import { clearCodecCache } from '../../functions/lib/pipeline/codecs/codec-cache';
import { decoderFor } from '../../functions/lib/pipeline/codecs/profile-decoder';
import { DEMO_CODEC, encodeDemoPayload } from '../../scripts/seed/demo-codec';
import { mulberry32 } from '../../scripts/seed/prng';
import { inCodecLayout } from '../../scripts/simulate/codec-layout';
import { newTag, nextUplink } from '../../scripts/simulate/fleet';

/** The simulator's `--layout codec` bytes decode back through the demo codec to what the simulated tag said. */
afterAll(() => clearCodecCache());

describe('the demo codec layout (scripts/seed/demo-codec.ts, scripts/simulate/codec-layout.ts)', () => {
  it('round-trips simulated uplinks: position, accuracy, battery, tamper, motion', async () => {
    const decode = await decoderFor({ key: 'demo:101:1', codec: DEMO_CODEC, field_paths: {} });
    const rng = mulberry32(7);
    const tag = newTag(rng, { devEui: '0004A30B00000001', assetName: 'H-1001', lat: 52.09, lon: 5.12 }, 1);
    for (let i = 0; i < 20; i++) {
      const uplink = inCodecLayout(nextUplink(tag, rng, Date.now() + i * 60_000));
      const { hex, fPort } = uplink.raw as { hex: string; fPort: number };
      const result = decode(hex, fPort, uplink.at);
      if (!result.ok) throw new Error(result.reason);
      const fix = uplink.payload.fix as { latitude: number; longitude: number; accuracy: number };
      expect(result.value.fix?.latitude).toBeCloseTo(fix.latitude, 6);
      expect(result.value.fix?.longitude).toBeCloseTo(fix.longitude, 6);
      expect(result.value.fix?.accuracy).toBe(fix.accuracy);
      expect(result.value.batteryVoltage).toBeCloseTo(uplink.payload.batteryVoltage as number, 3);
      expect(result.value.sabotaged).toBe(uplink.payload.sabotaged);
      expect(result.value.eventType).toBe(['moving', 'start'].includes(uplink.payload.eventType) ? 'moving' : 'still');
    }
  });

  it('decodes the heartbeat on fPort 3 and, without a port (KPN), by length', async () => {
    const decode = await decoderFor({ key: 'demo:101:1', codec: DEMO_CODEC, field_paths: {} });
    const heartbeat = encodeDemoPayload({ batteryMv: 3290, tamper: true });
    expect(heartbeat.fPort).toBe(3);
    const expected = { ok: true, value: { batteryVoltage: 3.29, sabotaged: true, eventType: 'still' } };
    expect(decode(heartbeat.hex, 3, new Date())).toEqual(expected);
    expect(decode(heartbeat.hex, undefined, new Date())).toEqual(expected);
    const noFix = encodeDemoPayload({ batteryMv: 3600 });
    expect(noFix.hex).toHaveLength(6);
  });
});
