import {
  cachedCodecCount,
  clearCodecCache,
  compiledCodec,
  MAX_CACHED_CODECS,
  OVERRUN_MS,
  release,
  STRIKES,
  struckOut,
} from '../../functions/lib/pipeline/codecs/codec-cache';
import { decoderFor } from '../../functions/lib/pipeline/codecs/profile-decoder';
import { CODEC_LIMITS, CompiledCodec } from '../../functions/lib/pipeline/codecs/sandbox';
import { DEMO_CODEC, encodeDemoPayload } from '../../scripts/seed/demo-codec';
import {
  ALLOCATING_CODEC,
  DEEP_CODEC,
  ERRORS_CODEC,
  ESCAPE_CODEC,
  HUGE_OUTPUT_CODEC,
  LOOPING_CODEC,
  STRINGIFY_OBJECT_CODEC,
  STRINGIFY_REPLACING_CODEC,
  THROWING_CODEC,
} from '../harness/codecs';

/** Tenant codecs run in QuickJS/WebAssembly with limits (sandbox.ts, codec-cache.ts). */
const input = { bytes: [1, 2, 3], fPort: 2, recvTime: new Date('2026-11-23T10:00:00Z') };

async function compile(source: string): Promise<CompiledCodec> {
  const codec = await CompiledCodec.compile(source);
  if (!(codec instanceof CompiledCodec)) throw new Error(codec.error);
  return codec;
}

afterAll(() => clearCodecCache());

describe('the codec sandbox', () => {
  it('decodes the demo layout with the convention input (bytes, fPort, recvTime)', async () => {
    const codec = await compile(DEMO_CODEC);
    const { fPort, hex } = encodeDemoPayload({ latitude: 52.0907, longitude: 5.1214, batteryMv: 3560, motion: true });
    const bytes = (hex.match(/../g) as string[]).map((pair) => Number.parseInt(pair, 16));
    const output = codec.decode({ bytes, fPort, recvTime: new Date() });
    expect(output.errors).toEqual([]);
    expect(output.data).toMatchObject({ motion: true, tamper: false, batteryVoltage: 3560 });
    expect(output.data).toHaveProperty('gps.lat', expect.closeTo(52.0907, 6));
    const recv = await compile(
      'function decodeUplink(i) { return { data: { t: i.recvTime.toISOString(), p: i.fPort } }; }',
    );
    expect(recv.decode(input).data).toEqual({ t: '2026-11-23T10:00:00.000Z', p: 2 });
    codec.dispose();
    recv.dispose();
  });

  it('reads the answer with the engine’s own JSON.stringify, whatever the codec put in its place', async () => {
    const replacing = await compile(STRINGIFY_REPLACING_CODEC(DEMO_CODEC));
    const { fPort, hex } = encodeDemoPayload({ latitude: 52.0907, longitude: 5.1214, batteryMv: 3560, motion: true });
    const bytes = (hex.match(/../g) as string[]).map((pair) => Number.parseInt(pair, 16));
    const output = replacing.decode({ bytes, fPort, recvTime: new Date() });
    expect(output.errors).toEqual([]);
    expect(output.data).toHaveProperty('gps.lat', expect.closeTo(52.0907, 6));
    const objecting = await compile(STRINGIFY_OBJECT_CODEC);
    expect(objecting.decode(input)).toEqual({ data: { a: 1 }, warnings: [], errors: [] });
    expect(objecting.broken).toBe(false);
    replacing.dispose();
    objecting.dispose();
  });

  it('turns a throw into the uplink error and keeps the codec usable', async () => {
    const codec = await compile(THROWING_CODEC);
    expect(codec.decode(input)).toEqual({ data: null, warnings: [], errors: ['Error: bad byte 1'] });
    expect(codec.decode(input).errors).toEqual(['Error: bad byte 1']);
    codec.dispose();
  });

  it(`cuts a loop for ever at ${CODEC_LIMITS.timeMs} ms`, async () => {
    const codec = await compile(LOOPING_CODEC);
    // The deadline's own message says the interrupt cut it; how long that took is the bench's figure.
    expect(codec.decode(input).errors).toEqual([`The codec ran longer than ${CODEC_LIMITS.timeMs} ms`]);
    expect(codec.broken).toBe(true);
    codec.dispose();
  });

  it('stops a codec that allocates without end (memory limit or deadline, whichever first)', async () => {
    const codec = await compile(ALLOCATING_CODEC);
    const { errors, data } = codec.decode(input);
    expect(data).toBeNull();
    expect(errors[0]).toMatch(/more than 16 MB|longer than 50 ms/);
    codec.dispose();
  });

  it('refuses an answer over 16 KB of JSON, deep recursion, and non-empty errors', async () => {
    const huge = await compile(HUGE_OUTPUT_CODEC);
    expect(huge.decode(input).errors).toEqual(["The codec's answer is larger than 16 KB of JSON"]);
    const deep = await compile(DEEP_CODEC);
    expect(deep.decode(input).errors[0]).toMatch(/stack overflow|RangeError/i);
    const failing = await compile(ERRORS_CODEC);
    expect(failing.decode(input)).toEqual({ data: null, warnings: ['w'], errors: ['checksum mismatch'] });
    for (const codec of [huge, deep, failing]) codec.dispose();
  });

  it('gives a codec nothing of the host: no require, process, module, Buffer, fetch or timers', async () => {
    const codec = await compile(ESCAPE_CODEC);
    expect(codec.decode(input).data).toEqual({
      require: 'undefined',
      process: 'undefined',
      module: 'undefined',
      Buffer: 'undefined',
      fetch: 'undefined',
      setTimeout: 'undefined',
      std: 'undefined',
      os: 'undefined',
      ctorProcess: 'threw',
      globals: [],
    });
    codec.dispose();
  });

  it('refuses source without decodeUplink, a syntax error, or a top level that loops', async () => {
    expect(await CompiledCodec.compile('function decode() {}')).toEqual({
      error: 'The codec must define a function decodeUplink(input)',
    });
    expect(await CompiledCodec.compile('function decodeUplink( {')).toEqual({ error: expect.stringMatching(/Syntax/) });
    expect(await CompiledCodec.compile('for(;;){} function decodeUplink(){}')).toEqual({
      error: `The codec ran longer than ${CODEC_LIMITS.compileTimeMs} ms`,
    });
  });
});

describe('compiled once per profile version (codec-cache.ts)', () => {
  it('reuses a compiled codec and drops one whose run hit a limit', async () => {
    clearCodecCache();
    const first = await compiledCodec('1:101:1', DEMO_CODEC);
    expect((await compiledCodec('1:101:1', DEMO_CODEC)).codec).toBe(first.codec);
    expect(cachedCodecCount()).toBe(1);
    const loop = await decoderFor({ key: '1:102:1', codec: LOOPING_CODEC, field_paths: {} });
    expect(loop('00', 2, new Date())).toEqual({ ok: false, reason: 'Codec error: The codec ran longer than 50 ms' });
    expect(cachedCodecCount()).toBe(1);
    // A looping uplink does not hold up the next one of another profile.
    const demo = await decoderFor({ key: '1:101:1', codec: DEMO_CODEC, field_paths: {} });
    const { hex, fPort } = encodeDemoPayload({ latitude: 51.5, longitude: 4.4, batteryMv: 3200, tamper: true });
    expect(demo(hex, fPort, new Date())).toEqual({
      ok: true,
      value: {
        fix: { latitude: 51.5, longitude: 4.4, accuracy: 10, source: 'gnss' },
        batteryVoltage: 3.2,
        sabotaged: true,
        eventType: 'still',
      },
    });
  });

  it('refuses a profile version at once after it hit its limits 3 times in a container', async () => {
    clearCodecCache();
    const profile = { key: '1:103:1', codec: LOOPING_CODEC, field_paths: {} };
    for (let run = 0; run < STRIKES; run++) expect((await decoderFor(profile))('00', 2, new Date()).ok).toBe(false);
    // Refused without running: a run would answer the deadline's message, not this one.
    expect((await decoderFor(profile))('00', 2, new Date())).toEqual({
      ok: false,
      reason: "Codec error: the profile's codec hit its limits 3 times; fix it and save the profile",
    });
    // A saved profile is a new version: it gets its chances again.
    expect((await decoderFor({ ...profile, key: '1:103:2', codec: DEMO_CODEC }))('0400', 3, new Date()).ok).toBe(false);
  });

  it('uses every strike at once for a run far past the deadline (the memory-bound case)', async () => {
    clearCodecCache();
    const { codec } = await compiledCodec('1:104:1', LOOPING_CODEC);
    if (!(codec instanceof CompiledCodec)) throw new Error('no codec');
    codec.decode(input);
    release('1:104:1', codec, OVERRUN_MS + 1);
    expect(struckOut('1:104:1')).toBe(true);
  });

  it(`keeps at most ${MAX_CACHED_CODECS} compiled codecs`, async () => {
    clearCodecCache();
    for (let tenant = 1; tenant <= 40; tenant++) await compiledCodec(`${tenant}:101:1`, DEMO_CODEC);
    expect(cachedCodecCount()).toBe(MAX_CACHED_CODECS);
  });
});
